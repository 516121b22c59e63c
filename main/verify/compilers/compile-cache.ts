import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync, constants } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { isSqliteError } from '../../mirror/store/sqlite-error.ts';

/** The cache's room: a few hundred compiles of a large project, gzipped. */
export const DEFAULT_COMPILE_CACHE_BYTES = 256 * 2 ** 20;

/**
 * Compile results in SQLite by (input hash, compiler version): a compile is a pure function of
 * the two, so a repeat verification of the same input never compiles again. Outputs are gzipped
 * (they hold ASTs and assembly, often megabytes). Every edit of a source is a new input, so a
 * developer verifying as they go would grow the cache without end: it keeps within `maxBytes` of
 * gzipped outputs, dropping the least recently used first (never the one just stored).
 * A database failure (a full disk, a damaged page) never fails the compile it serves: a lookup
 * that fails is a miss, a store that fails is skipped, and `onFailure` is told (a compile's own
 * failures reach lib-sourcify, which words any of them as a compiler error, losing SQLite's code).
 */
export class CompileCache {
  private readonly get: Statement<[string, string], { output: Buffer }>;
  private readonly put: Statement<[string, string, Buffer, number]>;
  private readonly touch: Statement<[number, string, string]>;
  private readonly evict: (keep: { inputHash: string; version: string }) => void;
  /** Milliseconds, but never the same twice: entries stored or read within one millisecond keep their order. */
  private clock: number;
  private readonly onFailure: (error: unknown) => void;

  constructor(db: SqliteDatabase, options: { maxBytes?: number; onFailure?: (error: unknown) => void } = {}) {
    this.onFailure = options.onFailure ?? (() => undefined);
    const maxBytes = options.maxBytes ?? DEFAULT_COMPILE_CACHE_BYTES;
    this.get = db.prepare('SELECT output FROM compile_cache WHERE input_hash = ? AND compiler_version = ?');
    this.put = db.prepare('INSERT OR REPLACE INTO compile_cache (input_hash, compiler_version, output, used_at) VALUES (?, ?, ?, ?)');
    this.touch = db.prepare('UPDATE compile_cache SET used_at = ? WHERE input_hash = ? AND compiler_version = ?');
    // length() of a blob is read from its record header: the outputs themselves are not loaded.
    const total = db.prepare('SELECT coalesce(sum(length(output)), 0) FROM compile_cache').pluck();
    const oldest = db.prepare('SELECT input_hash AS inputHash, compiler_version AS version, length(output) AS bytes FROM compile_cache ORDER BY used_at');
    const remove = db.prepare('DELETE FROM compile_cache WHERE input_hash = ? AND compiler_version = ?');
    this.clock = (db.prepare('SELECT coalesce(max(used_at), 0) FROM compile_cache').pluck().get() as number);
    this.evict = db.transaction((keep: { inputHash: string; version: string }) => {
      let bytes = total.get() as number;
      if (bytes <= maxBytes) return;
      // Down to nine tenths, so that the next few stores do not each evict again.
      const target = maxBytes * 0.9;
      for (const entry of oldest.all() as Array<{ inputHash: string; version: string; bytes: number }>) {
        if (bytes <= target) break;
        if (entry.inputHash === keep.inputHash && entry.version === keep.version) continue;
        remove.run(entry.inputHash, entry.version);
        bytes -= entry.bytes;
      }
    });
  }

  private tick(): number {
    this.clock = Math.max(Date.now(), this.clock + 1);
    return this.clock;
  }

  static hashInput(input: string): string {
    return createHash('sha256').update(input).digest('hex');
  }

  lookup(inputHash: string, version: string): string | null {
    const row = this.tolerated(() => this.get.get(inputHash, version));
    if (!row) return null;
    // A touch lost only ages the entry: the output read is still good.
    this.tolerated(() => this.touch.run(this.tick(), inputHash, version));
    return gunzipSync(row.output).toString('utf8');
  }

  store(inputHash: string, version: string, output: string): void {
    this.tolerated(() => {
      this.put.run(inputHash, version, gzipSync(output, { level: constants.Z_BEST_SPEED }), this.tick());
      this.evict({ inputHash, version });
    });
  }

  /** `run`'s result, or undefined when the database failed it (`onFailure` told). */
  private tolerated<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!isSqliteError(error)) throw error;
      this.onFailure(error);
      return undefined;
    }
  }
}
