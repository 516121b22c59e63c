import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync, constants } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';

/**
 * Compile results in SQLite by (input hash, compiler version): a compile is a pure function of
 * the two, so a repeat verification of the same input never compiles again. Outputs are gzipped
 * (they hold ASTs and assembly, often megabytes).
 */
export class CompileCache {
  private readonly get: Statement<[string, string], { output: Buffer }>;
  private readonly put: Statement<[string, string, Buffer, number]>;

  constructor(db: SqliteDatabase) {
    this.get = db.prepare('SELECT output FROM compile_cache WHERE input_hash = ? AND compiler_version = ?');
    this.put = db.prepare('INSERT OR REPLACE INTO compile_cache (input_hash, compiler_version, output, created_at) VALUES (?, ?, ?, ?)');
  }

  static hashInput(input: string): string {
    return createHash('sha256').update(input).digest('hex');
  }

  lookup(inputHash: string, version: string): string | null {
    const row = this.get.get(inputHash, version);
    return row ? gunzipSync(row.output).toString('utf8') : null;
  }

  store(inputHash: string, version: string, output: string): void {
    this.put.run(inputHash, version, gzipSync(output, { level: constants.Z_BEST_SPEED }), Date.now());
  }
}
