import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { writeThenCheckpointInThread } from '../../../main/verify/store/checkpoint-in-thread.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { tempDir } from '../verify-fixture.ts';

// While a helper thread copies a large write's log into the database file, SQLite's own
// checkpoint stays off on the server's connection: a small commit meanwhile (another request's)
// must not copy that log on the server's loop after all. Overlapping large writes put the setting
// back as it was once the last is done; a thread that cannot start fails no committed write.

const workerStarts = vi.hoisted(() => ({ refuse: false }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:worker_threads')>();
  class RefusableWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      if (workerStarts.refuse) throw new Error('no thread for you');
      super(...args);
    }
  }
  return { ...actual, Worker: RefusableWorker, default: { ...actual, Worker: RefusableWorker } };
});

const opened: SqliteDatabase[] = [];
afterEach(() => {
  workerStarts.refuse = false;
  for (const db of opened.splice(0)) db.close();
});

const BIG = 8 * 1024 * 1024;

function blobDb(): SqliteDatabase {
  const db = openVerifyDb(path.join(tempDir(), 'verify.sqlite'));
  opened.push(db);
  db.exec('CREATE TABLE blobs (content BLOB)');
  return db;
}

const insertBlob = (db: SqliteDatabase, bytes: number) => () => void db.prepare('INSERT INTO blobs VALUES (?)').run(Buffer.alloc(bytes, 'y'));

describe('SQLite\'s own checkpoint while the checkpoint thread is under way', () => {
  it('is not run by a small commit made before the thread is done', async () => {
    const db = blobDb();
    const before = fs.statSync(db.name).size;
    const writing = writeThenCheckpointInThread(db, insertBlob(db, BIG));
    // The thread has not started yet, let alone finished: this commit would checkpoint the whole log itself.
    insertBlob(db, 16)();
    expect(fs.statSync(db.name).size).toBe(before);
    await writing;
    expect(fs.statSync(db.name).size).toBeGreaterThan(before + BIG);
    expect(db.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(2);
  });

  it('is put back as it was once the last of overlapping writes is done', async () => {
    const db = blobDb();
    db.pragma('wal_autocheckpoint = 500');
    const first = writeThenCheckpointInThread(db, insertBlob(db, BIG));
    const second = writeThenCheckpointInThread(db, insertBlob(db, BIG));
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await first;
    await second;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(500);
  });

  it('is put back, the write answered, when the thread cannot start', async () => {
    const db = blobDb();
    workerStarts.refuse = true;
    await expect(writeThenCheckpointInThread(db, () => 'written')).resolves.toBe('written');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
