import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tallyStatements } from '../../main/bench/statement-tally.ts';

// The benchmark's statement counter over a real SQLite database: it must count what the
// services run without changing what they get back.
function database(): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, amount INTEGER)');
  db.exec('INSERT INTO t VALUES (1, 10), (2, 9007199254740993), (3, 30)');
  return db;
}

describe('tallyStatements', () => {
  it('counts executions and result rows of every statement prepared after it began', () => {
    const db = database();
    const before = db.prepare('SELECT count(*) FROM t');
    const tally = tallyStatements(db);
    expect(db.prepare('SELECT id FROM t ORDER BY id').all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(db.prepare('SELECT id FROM t WHERE id = ?').get(2)).toEqual({ id: 2 });
    expect(db.prepare('SELECT id FROM t WHERE id = ?').get(9)).toBeUndefined();
    expect(db.prepare('INSERT INTO t VALUES (4, 40)').run().changes).toBe(1);
    before.get(); // prepared before the tally: not counted
    expect(tally.statements).toBe(4);
    expect(tally.rows).toBe(3 + 1 + 0 + 0);
    expect(tally.ms).toBeGreaterThan(0);
    tally.reset();
    expect([tally.statements, tally.rows, tally.ms]).toEqual([0, 0, 0]);
  });

  it('keeps chained modes on the counted statement, and their results exact', () => {
    const db = database();
    const tally = tallyStatements(db);
    const statement = db.prepare('SELECT amount FROM t WHERE id = ?').safeIntegers(true).pluck();
    expect(statement.get(2)).toBe(9007199254740993n);
    expect(statement.get(1)).toBe(10n);
    const rows = db.prepare('SELECT id, amount FROM t ORDER BY id').raw().all();
    expect(rows).toEqual([[1, 10], [2, 9007199254740992], [3, 30]]);
    expect(tally.statements).toBe(3);
    expect(tally.rows).toBe(5);
    // Metadata passes through untouched.
    expect(statement.reader).toBe(true);
    expect(statement.columns().map((c) => c.name)).toEqual(['amount']);
  });

  it('still counts a statement whose execution throws', () => {
    const db = database();
    const tally = tallyStatements(db);
    expect(() => db.prepare('INSERT INTO t VALUES (1, 1)').run()).toThrow(/UNIQUE/);
    expect(tally.statements).toBe(1);
    expect(tally.rows).toBe(0);
  });
});
