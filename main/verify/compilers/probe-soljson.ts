import { Worker } from 'node:worker_threads';
import { CompilerRunError } from './compiler-errors.ts';
import { longVersionFromReported } from './solc-version.ts';
import type { WorkerReply, WorkerStart } from './solc-worker-protocol.ts';

/**
 * Loads a soljson file in a throw-away worker and returns the long version the compiler itself
 * reports. File and package names are never trusted: npm's solc@0.8.7, for one, ships 0.7.5.
 */
export function probeSoljson(soljsonPath: string, timeoutMs = 120_000): Promise<string> {
  const thread = new Worker(new URL('./solc-worker.ts', import.meta.url), { workerData: { soljsonPath } satisfies WorkerStart });
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => done(() => reject(new CompilerRunError(`${soljsonPath} did not load within ${timeoutMs / 1000} s`))), timeoutMs);
    let settled = false;
    const done = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void thread.terminate();
      outcome();
    };
    thread.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') {
        done(() => {
          try {
            resolve(longVersionFromReported(reply.version));
          } catch (error) {
            reject(error);
          }
        });
      } else if (reply.type === 'load-error') {
        done(() => reject(new CompilerRunError(`not a usable soljson compiler: ${reply.message}`)));
      }
    });
    thread.on('error', (error) => done(() => reject(new CompilerRunError(`not a usable soljson compiler: ${error.message}`))));
    thread.on('exit', (code) => done(() => reject(new CompilerRunError(`soljson loader exited (code ${code})`))));
  });
}
