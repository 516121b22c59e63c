import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { runWorkerToExit } from '../../mirror/run-worker.ts';
import type { CheckpointInput } from './checkpoint-worker.ts';

/**
 * Per database, the writes whose checkpoint thread is under way, and SQLite's own checkpoint
 * setting (wal_autocheckpoint) to put back once the last of them is done.
 */
const heldOff = new WeakMap<SqliteDatabase, { writes: number; pages: number }>();

/**
 * Runs `write` (a transaction of tens of MiB) on `db` without the checkpoint SQLite would run on
 * this thread in its commit, then has a helper thread copy the log into the database file. Until
 * that thread is done, SQLite's own checkpoint stays off on `db`: any commit meanwhile (another
 * request's) would otherwise copy the whole log on this thread after all. A checkpoint that fails
 * there, or a thread that does not start, is left to the next commit of `db` (SQLite's own
 * checkpoint, as ever): what was written is committed already. A database in memory has no log:
 * written as it is.
 */
export async function writeThenCheckpointInThread<T>(db: SqliteDatabase, write: () => T): Promise<T> {
  if (db.memory) return write();
  holdOffCheckpoints(db);
  try {
    const written = write();
    const input: CheckpointInput = { file: db.name };
    await Promise.resolve()
      .then(() => runWorkerToExit(new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: input }), 'the checkpoint thread', () => ({ result: undefined })))
      .catch(() => undefined);
    return written;
  } finally {
    letCheckpointsRun(db);
  }
}

function holdOffCheckpoints(db: SqliteDatabase): void {
  const held = heldOff.get(db);
  // Read only when none is held off: otherwise it is this code's own 0, not the setting to restore.
  if (held) held.writes++;
  else heldOff.set(db, { writes: 1, pages: db.pragma('wal_autocheckpoint', { simple: true }) as number });
  db.pragma('wal_autocheckpoint = 0');
}

function letCheckpointsRun(db: SqliteDatabase): void {
  const held = heldOff.get(db)!;
  if (--held.writes > 0) return;
  heldOff.delete(db);
  // A database closed meanwhile (the service shut down) has no setting left to restore.
  if (db.open) db.pragma(`wal_autocheckpoint = ${held.pages}`);
}
