import { Worker } from 'node:worker_threads';
import { CompilerCrashError, CompilerRunError } from './compiler-errors.ts';
import { longVersionFromReported } from './solc-version.ts';
import type { WorkerReply, WorkerStart } from './solc-worker-protocol.ts';

export interface SolcPoolOptions {
  /** Memory bound: at most this many compilers are loaded at once (one per worker thread). */
  maxWorkers: number;
  /** V8 heap limit of each worker; an out-of-memory compile kills only its worker. */
  workerHeapMb: number;
  /** A compile (or a compiler load) taking longer than this is stopped and reported. */
  compileTimeoutMs: number;
}

const MIN_WORKER_HEAP_MB = 256;

export const DEFAULT_POOL_OPTIONS: SolcPoolOptions = { maxWorkers: 2, workerHeapMb: 2048, compileTimeoutMs: 120_000 };

interface Job {
  version: string;
  input: string;
  resolve: (output: string) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  version: string;
  thread: Worker;
  loaded: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  lastUsed: number;
}

/**
 * Runs standard-JSON compiles in worker threads. Each worker loads one soljson once and is reused
 * for that version; when all slots are taken, the least recently used idle worker makes room.
 * A compile that exceeds the time-out, a worker that dies or runs out of memory, a compiler that
 * crashes on its input, and a file whose compiler reports another version all reject their job with
 * a clear message; the pool carries on with a fresh worker for the next job.
 */
export class SolcPool {
  private readonly workers: PoolWorker[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private useCounter = 0;
  private readonly soljsonPath: (version: string) => string;
  private readonly options: SolcPoolOptions;

  /** `soljsonPath` resolves a long version to its file, throwing when it is not available. */
  constructor(soljsonPath: (version: string) => string, options: Partial<SolcPoolOptions> = {}) {
    this.soljsonPath = soljsonPath;
    this.options = { ...DEFAULT_POOL_OPTIONS, ...options };
    // Below a few hundred MB, V8 aborts the whole process while starting the worker, not just the worker.
    this.options.workerHeapMb = Math.max(MIN_WORKER_HEAP_MB, this.options.workerHeapMb);
  }

  /** Compiles a standard-JSON input string with the given long version; resolves the output string. */
  compile(version: string, input: string): Promise<string> {
    if (this.closed) return Promise.reject(new CompilerRunError('the compiler pool is shut down'));
    try {
      this.soljsonPath(version); // fail fast, before queueing, when the version is not available
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ version, input, resolve, reject });
      this.pump();
    });
  }

  /** Versions currently loaded in a worker (for status displays and tests). */
  loadedVersions(): string[] {
    return this.workers.map((w) => w.version);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new CompilerRunError('the compiler pool is shut down'));
    await Promise.all(this.workers.splice(0).map((w) => this.stop(w, new CompilerRunError('the compiler pool is shut down'))));
  }

  private pump(): void {
    for (const job of [...this.queue]) {
      if (!this.queue.includes(job)) continue; // failed meanwhile (its version went away)
      const worker = this.workerFor(job.version);
      if (!worker) continue;
      this.queue.splice(this.queue.indexOf(job), 1);
      this.assign(worker, job);
    }
  }

  /** An idle worker holding the version, a new one if there is room, or null to wait. */
  private workerFor(version: string): PoolWorker | null {
    const idle = this.workers.find((w) => w.version === version && !w.job);
    if (idle) return idle;
    if (this.workers.length >= this.options.maxWorkers) {
      const victim = this.workers.filter((w) => !w.job).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!victim) return null;
      this.remove(victim);
      void victim.thread.terminate();
    }
    return this.spawn(version);
  }

  private spawn(version: string): PoolWorker | null {
    let soljsonPath: string;
    try {
      soljsonPath = this.soljsonPath(version);
    } catch (error) {
      // The file went away since compile() was called: fail this version's jobs, keep the pool.
      this.failQueued(version, error as Error);
      return null;
    }
    const thread = new Worker(new URL('./solc-worker.ts', import.meta.url), {
      workerData: { soljsonPath } satisfies WorkerStart,
      resourceLimits: { maxOldGenerationSizeMb: this.options.workerHeapMb },
    });
    const worker: PoolWorker = { version, thread, loaded: false, job: null, timer: null, lastUsed: ++this.useCounter };
    this.workers.push(worker);
    thread.on('message', (reply: WorkerReply) => this.onReply(worker, reply));
    thread.on('error', (error) => this.onDeath(worker, `compiler ${version} stopped: ${error.message}`));
    thread.on('exit', (code) => this.onDeath(worker, `compiler ${version} worker exited (code ${code})`));
    return worker;
  }

  private assign(worker: PoolWorker, job: Job): void {
    worker.job = job;
    worker.lastUsed = ++this.useCounter;
    // The time-out covers loading too: a soljson that never finishes loading is as stuck as a hung compile.
    worker.timer = setTimeout(() => {
      void this.stop(worker, new CompilerRunError(`compilation timed out after ${Math.round(this.options.compileTimeoutMs / 1000)} s (compiler ${worker.version}); the compiler was stopped`));
    }, this.options.compileTimeoutMs);
    if (worker.loaded) worker.thread.postMessage({ id: this.useCounter, input: job.input });
  }

  private onReply(worker: PoolWorker, reply: WorkerReply): void {
    if (reply.type === 'ready') {
      const reported = safeLongVersion(reply.version);
      if (reported !== worker.version) {
        void this.stop(worker, new CompilerRunError(`the compiler file for ${worker.version} reports version ${reply.version}; it was not used`));
        return;
      }
      worker.loaded = true;
      if (worker.job) worker.thread.postMessage({ id: this.useCounter, input: worker.job.input });
      return;
    }
    if (reply.type === 'load-error') {
      void this.stop(worker, new CompilerRunError(`compiler ${worker.version} could not be loaded: ${reply.message}`));
      return;
    }
    if (reply.type === 'crashed') {
      // Its compiler is broken for good: end the worker, so the next job of this version loads a fresh one.
      void this.stop(worker, new CompilerCrashError(worker.version, reply.message));
      return;
    }
    const job = worker.job;
    this.finishJob(worker);
    if (!job) return;
    job.resolve(reply.output);
    this.pump();
  }

  private onDeath(worker: PoolWorker, message: string): void {
    if (!this.workers.includes(worker)) return;
    const job = worker.job;
    this.finishJob(worker);
    this.remove(worker);
    job?.reject(new CompilerRunError(message));
    this.pump();
  }

  /** Terminates a worker on purpose, rejecting its job with `error`. */
  private async stop(worker: PoolWorker, error: Error): Promise<void> {
    const job = worker.job;
    this.finishJob(worker);
    this.remove(worker);
    job?.reject(error);
    await worker.thread.terminate();
    if (!this.closed) this.pump();
  }

  private finishJob(worker: PoolWorker): void {
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    worker.job = null;
  }

  private remove(worker: PoolWorker): void {
    const index = this.workers.indexOf(worker);
    if (index !== -1) this.workers.splice(index, 1);
  }

  private failQueued(version: string, error: Error): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.version === version) this.queue.splice(i, 1)[0]!.reject(error);
    }
  }
}

function safeLongVersion(reported: string): string {
  try {
    return longVersionFromReported(reported);
  } catch {
    return reported;
  }
}
