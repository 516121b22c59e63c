import type { ISolidityCompiler } from '@ethereum-sourcify/lib-sourcify';

// lib-sourcify takes these types from a package it does not install; derive them from its interface.
type SolidityJsonInput = Parameters<ISolidityCompiler['compile']>[1];
type SolidityOutput = Awaited<ReturnType<ISolidityCompiler['compile']>>;
interface OutputError { severity?: string; formattedMessage?: string; message?: string }
import { CompileCache } from './compile-cache.ts';
import type { SolcPool } from './solc-pool.ts';
import { parseLongVersion } from './solc-version.ts';

/** What lib-sourcify reads from a failed compile: the compiler's own error list. */
export class SolcOutputErrors extends Error {
  readonly errors: unknown[];
  constructor(errors: Array<{ formattedMessage?: string; message?: string }>) {
    super(errors.map((e) => e.formattedMessage ?? e.message ?? 'compiler error').join('\n').slice(0, 4000));
    this.errors = errors;
  }
}

/**
 * lib-sourcify's compiler interface over the worker pool and the SQLite compile cache.
 * `forceEmscripten` needs no handling: every compiler here is a soljson (emscripten) build.
 */
export class PooledSolidityCompiler implements ISolidityCompiler {
  private readonly pool: SolcPool;
  private readonly cache: CompileCache;
  /** Counts real compiles (cache misses), so tests can pin that a repeat does not compile. */
  compiles = 0;

  constructor(pool: SolcPool, cache: CompileCache) {
    this.pool = pool;
    this.cache = cache;
  }

  async compile(version: string, solcJsonInput: SolidityJsonInput): Promise<SolidityOutput> {
    const longVersion = parseLongVersion(version);
    const input = JSON.stringify(solcJsonInput);
    const key = CompileCache.hashInput(input);
    let output = this.cache.lookup(key, longVersion);
    if (output === null) {
      this.compiles++;
      output = await this.pool.compile(longVersion, input);
      this.cache.store(key, longVersion, output);
    }
    const parsed = JSON.parse(output) as SolidityOutput;
    const errors = ((parsed as { errors?: OutputError[] }).errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length > 0) throw new SolcOutputErrors(errors);
    return parsed;
  }
}
