import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSqliteError } from '../../main/mirror/store/sqlite-error.ts';
import { describeSyncFailure } from '../../main/sync/store-failure.ts';

// Real SQLite failures, from a real file: a store that cannot grow, and one opened read-only.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-store-failure-'));
const file = path.join(dir, 'store.sqlite');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function thrownBy(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('a sync failure in words', () => {
  const db = new Database(file);
  db.exec('CREATE TABLE t (v BLOB)');
  it('names a store that cannot grow, with the room left where it lives', () => {
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true })) + 1}`);
    const full = thrownBy(() => { for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(8192)); });
    expect(isSqliteError(full)).toBe(true);
    expect(describeSyncFailure(full, file)).toMatch(new RegExp(`^the local store cannot grow: database or disk is full \\([\\d.]+ (KiB|MiB|GiB) free in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\); the sync goes on once there is room$`));
  });

  it("names any other of SQLite's failures with its code", () => {
    const readOnly = new Database(file, { readonly: true });
    const refused = thrownBy(() => readOnly.prepare('INSERT INTO t VALUES (1)').run());
    readOnly.close();
    expect(describeSyncFailure(refused, file)).toBe('the local store could not be written: attempt to write a readonly database (SQLITE_READONLY)');
  });

  it("passes on anything else's own message", () => {
    expect(isSqliteError(new Error('HTTP 500 from /api/v1/accounts'))).toBe(false);
    expect(describeSyncFailure(new Error('HTTP 500 from /api/v1/accounts'), file)).toBe('HTTP 500 from /api/v1/accounts');
    expect(describeSyncFailure(Object.assign(new Error('not ours'), { code: 'ECONNRESET' }), file)).toBe('not ours');
    expect(describeSyncFailure('a string', file)).toBe('a string');
  });
});
