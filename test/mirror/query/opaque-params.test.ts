import { afterAll, describe, expect, it } from 'vitest';
import { withOpaqueParams } from '../../../main/mirror/query/opaque-param.ts';
import { StatementCache } from '../../../main/mirror/query/statement-cache.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

// Serving statements bind their values behind a unary plus (see opaque-param.ts), so that
// SQLite's STAT4 statistics cannot make it plan a statement again for every value.

describe('withOpaqueParams', () => {
  it('puts a unary plus before every parameter, whatever its form', () => {
    expect(withOpaqueParams('SELECT a FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?')).toBe('SELECT a FROM t WHERE a = +? AND b IN (+?, +?) LIMIT +?');
    expect(withOpaqueParams('SELECT a FROM t WHERE a = :id AND b >= @low AND c <= $high AND d = ?2')).toBe('SELECT a FROM t WHERE a = +:id AND b >= +@low AND c <= +$high AND d = +?2');
    expect(withOpaqueParams('SELECT value FROM json_each(?)')).toBe('SELECT value FROM json_each(+?)');
  });

  it('leaves a parameter that already has one, and a statement without any, as they are', () => {
    expect(withOpaqueParams('SELECT a FROM t WHERE a = +? LIMIT +?')).toBe('SELECT a FROM t WHERE a = +? LIMIT +?');
    const plain = "SELECT count(*) FROM \"transaction\" WHERE memo = 'x'";
    expect(withOpaqueParams(plain)).toBe(plain);
  });

  it('does not touch question marks and colons inside quoted text or identifiers', () => {
    expect(withOpaqueParams("SELECT 'why?', 'it''s ? :x', \"odd?name\" FROM t WHERE a = ?")).toBe("SELECT 'why?', 'it''s ? :x', \"odd?name\" FROM t WHERE a = +?");
    expect(withOpaqueParams("SELECT a || ':' || b FROM t WHERE c = ?")).toBe("SELECT a || ':' || b FROM t WHERE c = +?");
    expect(withOpaqueParams('SELECT [a?b], a$b FROM t WHERE x = $x')).toBe('SELECT [a?b], a$b FROM t WHERE x = +$x');
  });

  it('leaves comments as they are, a quote inside one included', () => {
    expect(withOpaqueParams("SELECT 1 -- it's ?\n, 'a?b' FROM t WHERE x = ?")).toBe("SELECT 1 -- it's ?\n, 'a?b' FROM t WHERE x = +?");
    expect(withOpaqueParams('SELECT x FROM t WHERE x = ?/* ? */')).toBe('SELECT x FROM t WHERE x = +?/* ? */');
  });
});

describe('statements prepared through the StatementCache', () => {
  // A store with STAT4 statistics over skewed values: the case where a plain `?` would be
  // re-planned per value. The answers must be the ones the plain statement gives.
  const { store, dispose } = tempStore();
  afterAll(dispose);
  store.db.exec(`
    CREATE TABLE sample (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, label TEXT, data BLOB);
    CREATE INDEX sample__kind ON sample (kind);
    CREATE INDEX sample__label ON sample (label);`);
  const insert = store.db.prepare('INSERT INTO sample (id, kind, label, data) VALUES (?, ?, ?, ?)');
  store.db.transaction(() => {
    for (let id = 1; id <= 2000; id++) insert.run(id, id % 50 === 0 ? id : 7, id % 3 === 0 ? null : `label-${id % 11}`, Buffer.from([id % 5]));
  })();
  store.analyze();
  const cache = new StatementCache(store.db);

  it('answer exactly as the plain statements do, affinity and NULL included', () => {
    const cases: Array<[string, unknown[]]> = [
      ['SELECT id FROM sample WHERE kind = ? ORDER BY id LIMIT ?', [7, 5]],
      ['SELECT id FROM sample WHERE kind = ? ORDER BY id LIMIT ?', [100, 5]],
      // A text value against an INTEGER column converts as it does with a plain `?`.
      ['SELECT id FROM sample WHERE kind = ? ORDER BY id', ['100']],
      ['SELECT id FROM sample WHERE id > ? AND id <= ? ORDER BY id DESC', [1990, 1995]],
      ['SELECT id FROM sample WHERE label IS ? ORDER BY id LIMIT 3', [null]],
      ['SELECT id FROM sample WHERE label = ? ORDER BY id LIMIT 3', ['label-4']],
      ['SELECT count(*) AS n FROM sample WHERE data = ?', [Buffer.from([2])]],
      ['SELECT id FROM sample WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', ['[3, 50, 2001]']],
      ['SELECT id FROM sample WHERE kind = :kind AND id < :below ORDER BY id', [{ kind: 7, below: 6 }]],
    ];
    for (const [sql, params] of cases) {
      const served = cache.get(sql).all(...params);
      const plain = store.db.prepare(sql).safeIntegers(true).all(...params);
      expect(served, sql).toEqual(plain);
      expect(served.length, sql).toBeGreaterThan(0);
    }
  });

  it('prepares the opaque text', () => {
    expect(cache.get('SELECT id FROM sample WHERE kind = ? LIMIT ?').source).toBe('SELECT id FROM sample WHERE kind = +? LIMIT +?');
  });
});
