import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../main/mirror/store/ledger-store.ts';
import { CompileCache } from '../../../main/verify/compilers/compile-cache.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { VERIFY_MIGRATIONS } from '../../../main/verify/store/verify-migrations.ts';

// The compile cache in a real verification database file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-compile-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An output of random bytes in base64, which gzip takes back to about their size: an entry of about `kib` KiB. */
const output = (kib: number) => JSON.stringify({ contracts: randomBytes(kib * 1024).toString('base64') });

describe('the compile cache', () => {
  const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
  const held = () => db.prepare('SELECT input_hash FROM compile_cache ORDER BY used_at').pluck().all() as string[];
  const bytes = () => db.prepare('SELECT sum(length(output)) FROM compile_cache').pluck().get() as number;

  it('answers a stored compile again, by input and compiler', () => {
    const cache = new CompileCache(db);
    const text = output(4);
    cache.store('a', '0.8.30+commit.73712a01', text);
    expect(cache.lookup('a', '0.8.30+commit.73712a01')).toBe(text);
    expect(cache.lookup('a', '0.8.29+commit.ab55807c')).toBeNull();
    db.exec('DELETE FROM compile_cache');
  });

  it('keeps within its size, dropping the least recently used first, never the one just stored', () => {
    const cache = new CompileCache(db, { maxBytes: 350 * 1024 });
    for (const key of ['k1', 'k2', 'k3']) cache.store(key, 'v', output(100));
    // Reading k1 makes k2 the least recently used.
    expect(cache.lookup('k1', 'v')).not.toBeNull();
    cache.store('k4', 'v', output(100));
    expect(held()).toEqual(['k3', 'k1', 'k4']);
    expect(bytes()).toBeLessThanOrEqual(350 * 1024);
    // One bigger than the whole room stays (it was just compiled), and everything else goes.
    cache.store('huge', 'v', output(500));
    expect(held()).toEqual(['huge']);
    expect(cache.lookup('huge', 'v')).not.toBeNull();
  });

  it('keeps the entries of a database made before it had a size, with their times', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = new Database(file);
    applyMigrations(old, VERIFY_MIGRATIONS.filter((m) => m.version <= 2));
    old.prepare('INSERT INTO compile_cache (input_hash, compiler_version, output, created_at) VALUES (?, ?, ?, ?)').run('old', 'v', Buffer.from('x'), 1234);
    old.close();
    const reopened = openVerifyDb(file);
    expect(reopened.prepare('SELECT input_hash, used_at FROM compile_cache').all()).toEqual([{ input_hash: 'old', used_at: 1234 }]);
    reopened.close();
  });
});
