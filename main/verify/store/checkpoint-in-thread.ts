import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { runWorkerToExit } from '../../mirror/run-worker.ts';
import type { CheckpointInput } from './checkpoint-worker.ts';

/**
 * Runs `write` (a transaction of tens of MiB) on `db` without the checkpoint SQLite would run on
 * this thread in its commit, then has a helper thread copy the log into the database file. A
 * checkpoint that fails there is left to the next commit of `db` (SQLite's own checkpoint, as ever):
 * what was written is committed already. A database in memory has no log: written as it is.
 */
export async function writeThenCheckpointInThread<T>(db: SqliteDatabase, write: () => T): Promise<T> {
  if (db.memory) return write();
  const pages = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  let written: T;
  try {
    written = write();
  } finally {
    db.pragma(`wal_autocheckpoint = ${pages}`);
  }
  const input: CheckpointInput = { file: db.name };
  await runWorkerToExit(new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: input }), 'the checkpoint thread', () => ({ result: undefined }))
    .catch(() => undefined);
  return written;
}
