import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { runWorkerToExit } from '../run-worker.ts';
import { isDemoLedgerCurrent } from './demo-meta.ts';
import type { DemoLedgerOptions, DemoLedgerStats } from './generate-ledger.ts';
import type { DemoWorkerInput, DemoWorkerMessage } from './generate-worker.ts';

/**
 * Makes sure `file` holds a complete demo ledger of `options.accounts` accounts, generating
 * it in a worker thread so the caller's event loop (and its open store on the same file)
 * stays responsive. A current dataset is reused without starting a worker: resolves null
 * and reports no progress. Aborting terminates the worker (its open transaction rolls
 * back; the dataset stays marked incomplete) and rejects with the signal's reason.
 */
export async function generateDemoLedgerInWorker(
  file: string,
  options: Pick<DemoLedgerOptions, 'accounts'>,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<DemoLedgerStats | null> {
  signal.throwIfAborted();
  if (hasCurrentDataset(file, options.accounts)) return null;
  const input: DemoWorkerInput = { file, accounts: options.accounts };
  const worker = new Worker(new URL('./generate-worker.ts', import.meta.url), { workerData: input });
  return runWorkerToExit<DemoWorkerMessage, DemoLedgerStats | null>(worker, 'the demo ledger worker', (message) => {
    if (message.type === 'progress') onProgress(message.done, message.total);
    else return { result: message.stats };
  }, signal);
}

/** A quick read-only look, so a reused dataset costs milliseconds instead of a thread start. */
function hasCurrentDataset(file: string, accounts: number): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return isDemoLedgerCurrent(db, accounts);
  } finally {
    db.close();
  }
}
