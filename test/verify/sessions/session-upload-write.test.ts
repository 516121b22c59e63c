import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { OFF_THREAD_MIN_BYTES } from '../../../main/verify/off-thread-min-bytes.ts';
import { SessionFullError, SessionStore, type SessionSnapshot } from '../../../main/verify/sessions/session-store.ts';
import { writeThenCheckpointInThread } from '../../../main/verify/store/checkpoint-in-thread.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { tempDir } from '../verify-fixture.ts';

// A large upload is committed on the server's connection, while the copy of the log into the
// database file (which SQLite would do in that commit, on the server's loop) is left to a helper
// thread. It must be stored exactly as addFiles stores it, refused alike, failing alike.

const opened: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function fileDb(): SqliteDatabase {
  const db = openVerifyDb(path.join(tempDir(), 'verify.sqlite'));
  opened.push(db);
  return db;
}

const SNAPSHOT: SessionSnapshot = { contracts: [], unused: ['big.sol', 'small.sol'], files: ['big.sol', 'small.sol'] };
const BIG = 4 * 1024 * 1024;

function upload(): Array<{ path: string; content: Buffer }> {
  return [
    { path: 'small.sol', content: Buffer.from('contract Small {}') },
    { path: 'big.sol', content: Buffer.alloc(BIG, 'x') },
  ];
}

/** A session's rows as stored: its files, its byte count and its state. */
function storedRows(store: SessionStore, id: string) {
  return { files: store.files(id), bytes: store.bytes(id), state: store.state(id) };
}

describe('writing a large transaction, its checkpoint in a helper thread', () => {
  it('commits without copying the log into the database file, then has that done before it resolves', async () => {
    const db = fileDb();
    db.exec('CREATE TABLE blobs (content BLOB)');
    const before = fs.statSync(db.name).size;
    let afterCommit = -1;
    const answer = await writeThenCheckpointInThread(db, () => {
      db.transaction(() => db.prepare('INSERT INTO blobs VALUES (?)').run(Buffer.alloc(BIG, 'y')))();
      afterCommit = fs.statSync(db.name).size;
      return 'written';
    });
    expect(answer).toBe('written');
    expect(afterCommit).toBe(before);
    expect(fs.statSync(db.name).size).toBeGreaterThan(before + BIG);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('throws what the write throws, SQLite\'s own checkpoint left as it was', async () => {
    const db = fileDb();
    await expect(writeThenCheckpointInThread(db, () => db.exec('INSERT INTO no_such_table VALUES (1)'))).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: 'no such table: no_such_table' });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});

describe('adding a large upload to a session', () => {
  it('stores it as addFiles does', async () => {
    const [a, b] = [new SessionStore(fileDb()), new SessionStore(fileDb())];
    const [idA, idB] = [a.create(), b.create()];
    await a.addUpload(idA, upload(), BIG + 1024, SNAPSHOT);
    b.addFiles(idB, upload(), BIG + 1024, SNAPSHOT);
    expect(storedRows(a, idA)).toEqual(storedRows(b, idB));
    expect(a.state(idA).snapshot).toEqual(SNAPSHOT);
    expect(a.bytes(idA)).toBe(BIG + 1024);
  });

  it('refuses an upload past the session limit with SessionFullError, storing nothing', async () => {
    const store = new SessionStore(fileDb(), { maxBytes: OFF_THREAD_MIN_BYTES });
    const id = store.create();
    await expect(store.addUpload(id, upload())).rejects.toThrow(SessionFullError);
    expect(storedRows(store, id)).toEqual({ files: [], bytes: 0, state: { contracts: {} } });
  });

  it('stores several large uploads sent at once, each in its session', async () => {
    const store = new SessionStore(fileDb());
    const ids = [store.create(), store.create(), store.create(), store.create()];
    await Promise.all(ids.map((id) => store.addUpload(id, upload())));
    for (const id of ids) expect(store.files(id).map((f) => [f.path, f.buffer.length])).toEqual([['big.sol', BIG], ['small.sol', 17]]);
  });
});
