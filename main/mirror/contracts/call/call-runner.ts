import { Worker } from 'node:worker_threads';
import { StatementCache } from '../../query/statement-cache.ts';
import type { SqliteDatabase } from '../../store/ledger-store.ts';
import { runCallJob, type CallJob, type CallJobResult } from './call-job.ts';
import type { CallWorkerReply } from './call-worker.ts';

/**
 * Runs EVM jobs off the main thread: a call may execute up to 15 million gas of arbitrary
 * code, which must not hold up the other requests. One worker, started on first use, takes
 * the jobs in turn over its own read-only connection to the ledger file. An in-memory store
 * (tests, the conformance runner) cannot be opened twice, so its jobs run in-process.
 */
export class CallRunner {
  readonly #db: SqliteDatabase;
  readonly #statements: StatementCache;
  readonly #pending = new Map<number, { resolve: (result: CallJobResult) => void; reject: (error: Error) => void }>();
  #worker: Worker | null = null;
  #nextId = 1;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#statements = new StatementCache(db);
  }

  run(job: CallJob): Promise<CallJobResult> {
    if (this.#db.memory || this.#db.name === '' || this.#db.name === ':memory:') return runCallJob(this.#statements, job);
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./call-worker.ts', import.meta.url), { workerData: { file: this.#db.name } });
    worker.unref();
    worker.on('message', (reply: CallWorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reviveResult(reply.result));
    });
    const fail = (error: Error): void => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`contract call worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }
}

function reviveResult(result: CallJobResult): CallJobResult {
  if (result.kind !== 'done') return result;
  return { ...result, outcome: { ...result.outcome, returnValue: Buffer.from(result.outcome.returnValue) } };
}
