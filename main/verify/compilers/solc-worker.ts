/**
 * One worker thread = one loaded soljson compiler, reused for every compile of that version.
 * Loading is the expensive part (seconds for a large wasm build), so the pool keeps workers alive.
 * Protocol: on start posts `ready` with the version the compiler itself reports (the only version
 * trusted) or `load-error`; then answers each `compile` message with `result` or `failed`.
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest, WorkerStart } from './solc-worker-protocol.ts';

const require = createRequire(import.meta.url);
const port = parentPort!;
const { soljsonPath } = workerData as WorkerStart;

interface LoadedSolc {
  version(): string;
  compile(input: string): string;
}

let solc: LoadedSolc;
try {
  const wrapper = require('solc/wrapper.js') as (soljson: unknown) => LoadedSolc;
  solc = wrapper(loadCommonJs(soljsonPath));
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
    port.postMessage({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  }
});

/**
 * soljson files are CommonJS. A plain require() would treat one inside a `"type": "module"`
 * package (this project's own .data folder, say) as ESM and fail, so it is compiled as a module here.
 */
function loadCommonJs(file: string): unknown {
  const ModuleClass = Module as unknown as new (id: string) => { filename: string; paths: string[]; exports: unknown; _compile(code: string, file: string): void };
  const mod = new ModuleClass(file);
  mod.filename = file;
  mod.paths = [];
  mod._compile(fs.readFileSync(file, 'utf8'), file);
  return mod.exports;
}
