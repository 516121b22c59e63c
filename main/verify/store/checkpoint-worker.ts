import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** The database file whose log this thread copies into it. */
export interface CheckpointInput {
  file: string;
}

// Helper thread with a connection of its own: copying tens of MiB from the log into the database
// file, which SQLite does in the commit that makes the log that long, held the server's loop for
// 0.25 s after a 48 MB upload. PASSIVE waits for no reader or writer, so it holds none up either.
const { file } = workerData as CheckpointInput;
const db = new Database(file, { fileMustExist: true });
try {
  db.pragma('wal_checkpoint(PASSIVE)');
} finally {
  db.close();
}
parentPort!.postMessage('done');
