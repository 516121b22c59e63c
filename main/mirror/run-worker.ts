import type { Worker } from 'node:worker_threads';

/**
 * Waits for a worker thread that does one job and exits (the demo generation, a store's
 * compaction). `onMessage` sees each message it posts and returns `{ result }` for the one that
 * carries the job's outcome. Settles only once the thread is gone, so that its files and
 * connections are closed when the caller goes on: with that result; or rejects with the thread's
 * error, with the signal's reason when the signal aborted it (the thread is terminated), or, for a
 * thread that ended without a result, with its exit code (`what` names the job).
 */
export function runWorkerToExit<M, T>(worker: Worker, what: string, onMessage: (message: M) => { result: T } | void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let outcome: { result: T } | null = null;
    let failure: unknown = null;
    const onAbort = () => void worker.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: M) => {
      outcome ??= onMessage(message) ?? null;
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason);
      else if (outcome) resolve(outcome.result);
      else reject(failure ?? new Error(`${what} exited with code ${code}`));
    });
  });
}
