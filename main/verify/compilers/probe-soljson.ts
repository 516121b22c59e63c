import { Worker } from 'node:worker_threads';
import { CompilerRunError } from './compiler-errors.ts';
import { longVersionFromReported } from './solc-version.ts';
import type { WorkerReply, WorkerStart } from './solc-worker-protocol.ts';

/**
 * How long a soljson may take to load and report its version. Measured on the 2-core machine this
 * app is developed on: 0.2–0.5 s for every cached build from 0.4.26 to 0.8.37 (26 MB asm.js
 * builds included), under 0.6 s with both cores busy. 30 s leaves room for a machine fifty times
 * slower, while a file that never loads (a script that loops) holds a core for no longer than that.
 */
export const PROBE_TIMEOUT_MS = 30_000;

/**
 * A file that is not a usable soljson compiler. `reason` says why in words fit for the person who
 * chose the file ("it did not load within 30 s"), never naming the temporary file it was probed
 * from; the message adds what it is about, for callers that pass it on as is.
 */
export class SoljsonProbeError extends CompilerRunError {
  readonly reason: string;
  constructor(reason: string) {
    super(`not a usable soljson compiler: ${reason}`);
    this.name = 'SoljsonProbeError';
    this.reason = reason;
  }
}

/**
 * Loads a soljson file in a throw-away worker and returns the long version the compiler itself
 * reports. File and package names are never trusted: npm's solc@0.8.7, for one, ships 0.7.5.
 * Fails with a SoljsonProbeError; the worker is stopped whatever happens.
 */
export function probeSoljson(soljsonPath: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<string> {
  const thread = new Worker(new URL('./solc-worker.ts', import.meta.url), { workerData: { soljsonPath } satisfies WorkerStart });
  // The file is a temporary copy: what its own code throws may name it, which means nothing to the user.
  const unnamed = (message: string) => message.split(soljsonPath).join('the file');
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`it did not load within ${timeoutMs / 1000} s`), timeoutMs);
    let settled = false;
    const done = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void thread.terminate();
      outcome();
    };
    const fail = (reason: string) => done(() => reject(new SoljsonProbeError(reason)));
    thread.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') {
        done(() => {
          try {
            resolve(longVersionFromReported(reply.version));
          } catch (error) {
            reject(new SoljsonProbeError((error as Error).message));
          }
        });
      } else if (reply.type === 'load-error') {
        fail(`loading it failed: ${unnamed(reply.message)}`);
      }
    });
    thread.on('error', (error) => fail(`loading it failed: ${unnamed(error.message)}`));
    thread.on('exit', (code) => fail(`it stopped its loader (exit code ${code}) before reporting a version`));
  });
}
