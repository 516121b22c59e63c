/**
 * One worker thread = one loaded soljson compiler, reused for every compile of that version.
 * Loading is the expensive part (seconds for a large wasm build), so the pool keeps workers alive.
 * Protocol: on start posts `ready` with the version the compiler itself reports (the only version
 * trusted) or `load-error`; then answers each `compile` message with `result` or `crashed`.
 * solc reports compile errors inside its JSON output, so a throw means the wasm compiler itself broke
 * (after a "memory access out of bounds" every later compile throws the same): the pool ends the worker
 * on `crashed` (the next compile of the version loads the compiler afresh) instead of reusing it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadSoljson, type LoadedSolc } from './load-soljson.ts';
import type { WorkerReply, WorkerRequest, WorkerStart } from './solc-worker-protocol.ts';

const port = parentPort!;
const { soljsonPath } = workerData as WorkerStart;

let solc: LoadedSolc;
try {
  solc = loadSoljson(soljsonPath);
  port.postMessage({ type: 'ready', version: solc.version() } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ type: 'load-error', message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  process.exit(1);
}

port.on('message', (message: WorkerRequest) => {
  try {
    const output = solc.compile(message.input);
    port.postMessage({ type: 'result', id: message.id, output } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ type: 'crashed', id: message.id, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
});
