import fs from 'node:fs';
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A soljson compiler behind solc-js's wrapper: what the worker pool (and the benchmark's bare compile) runs. */
export interface LoadedSolc {
  version(): string;
  compile(input: string): string;
}

/** Loads a soljson file through solc-js's wrapper (seconds for a large build: load once, reuse). */
export function loadSoljson(file: string): LoadedSolc {
  const wrapper = require('solc/wrapper.js') as (soljson: unknown) => LoadedSolc;
  return wrapper(loadCommonJs(file));
}

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
