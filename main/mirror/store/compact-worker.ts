import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What compact-store.ts sends this thread. */
export interface CompactWorkerInput {
  /** The store, open in WAL mode on the main thread (which only reads meanwhile). */
  file: string;
  /** Where the compact copy is written; removed by the caller afterwards. */
  copy: string;
  /** Pages written back per backup step: progress is reported after each. */
  pagesPerStep: number;
}

/** What this thread reports back: each step as it begins, the write-back's pages, then done. */
export type CompactWorkerMessage =
  | { type: 'step'; step: 'copying' | 'writing' | 'finishing' }
  | { type: 'written'; donePages: number; totalPages: number }
  | { type: 'done' };

// Worker entry. Three steps, none of which blocks the main thread's reads:
//   1. VACUUM INTO a copy beside the store: only the live pages, read from a snapshot;
//   2. the copy written back over the store with SQLite's backup API, as one write transaction
//      through the store's log: the main thread's connection stays open and sees the compact
//      store at its next read (its statements re-prepare, as after any schema change); a failure
//      or a terminated thread rolls the transaction back and leaves the store as it was;
//   3. a checkpoint that moves the log into the store and truncates both, which gives the room back.
const input = workerData as CompactWorkerInput;
const post = (message: CompactWorkerMessage) => parentPort!.postMessage(message);

post({ type: 'step', step: 'copying' });
const source = new Database(input.file, { readonly: true, fileMustExist: true });
try {
  source.pragma('busy_timeout = 5000');
  // VACUUM INTO takes any expression: the path is bound, so no character in it needs quoting.
  source.prepare('VACUUM INTO ?').run(input.copy);
} finally {
  source.close();
}

post({ type: 'step', step: 'writing' });
const copy = new Database(input.copy, { readonly: true, fileMustExist: true });
try {
  const { totalPages } = await copy.backup(input.file, {
    progress: ({ totalPages: pages, remainingPages }) => {
      post({ type: 'written', donePages: pages - remainingPages, totalPages: pages });
      return input.pagesPerStep;
    },
  });
  // The progress callback is not called for the last step.
  post({ type: 'written', donePages: totalPages, totalPages });
} finally {
  copy.close();
}
fs.rmSync(input.copy, { force: true });

post({ type: 'step', step: 'finishing' });
const store = new Database(input.file, { fileMustExist: true });
try {
  store.pragma('busy_timeout = 5000');
  // A reader of the main thread mid-query makes the checkpoint stop short (busy): try again.
  for (let attempt = 0; attempt < 20; attempt++) {
    const [outcome] = store.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (outcome?.busy === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
} finally {
  store.close();
}
post({ type: 'done' });
