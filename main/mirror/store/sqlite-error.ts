/**
 * Whether an error is SQLite's own (better-sqlite3's SqliteError carries its code, `SQLITE_FULL`,
 * `SQLITE_BUSY`, …): a fault of the local store, not of the request or of an upstream.
 */
export function isSqliteError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('SQLITE_');
}
