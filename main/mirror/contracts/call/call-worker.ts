import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { StatementCache } from '../../query/statement-cache.ts';
import { runCallJob, type CallJob, type CallJobResult } from './call-job.ts';

/** Worker entry: runs EVM jobs over its own read-only connection to the ledger file. */
export interface CallWorkerRequest {
  id: number;
  job: CallJob;
}

export type CallWorkerReply = { id: number; result: CallJobResult } | { id: number; error: string };

const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new StatementCache(db);

parentPort!.on('message', (message: CallWorkerRequest) => {
  const job = reviveJob(message.job);
  runCallJob(statements, job).then(
    (result) => parentPort!.postMessage({ id: message.id, result } satisfies CallWorkerReply),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies CallWorkerReply),
  );
});

/** Structured cloning turns Buffers into plain Uint8Arrays; the executor wants Buffers back. */
function reviveJob(job: CallJob): CallJob {
  const { request } = job;
  const buffer = (bytes: Uint8Array | null): Buffer | null => (bytes === null ? null : Buffer.from(bytes));
  return { ...job, request: { ...request, data: buffer(request.data)!, from: buffer(request.from), to: buffer(request.to)! } };
}
