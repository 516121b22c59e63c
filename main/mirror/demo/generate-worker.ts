import { parentPort, workerData } from 'node:worker_threads';
import { LedgerStore } from '../store/ledger-store.ts';
import { isDemoLedgerCurrent } from './demo-meta.ts';
import { generateDemoLedger, type DemoLedgerStats } from './generate-ledger.ts';

/** What generate-in-worker.ts sends this thread. */
export interface DemoWorkerInput {
  file: string;
  accounts: number;
}

/** What this thread reports back: progress per chunk, then the result (null stats: reused). */
export type DemoWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; stats: DemoLedgerStats | null };

// Worker entry: its own connection to the file (WAL lets the main thread keep reading).
const input = workerData as DemoWorkerInput;
const store = new LedgerStore({ file: input.file });
try {
  const post = (message: DemoWorkerMessage) => parentPort!.postMessage(message);
  const stats = isDemoLedgerCurrent(store.db, input.accounts)
    ? null
    : generateDemoLedger(store, { accounts: input.accounts }, (done, total) => post({ type: 'progress', done, total }));
  post({ type: 'done', stats });
} finally {
  store.close();
}
