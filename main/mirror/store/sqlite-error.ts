/**
 * Whether an error is SQLite's own (better-sqlite3's SqliteError carries its code, `SQLITE_FULL`,
 * `SQLITE_BUSY`, …): a fault of the local store, not of the request or of an upstream.
 */
export function isSqliteError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('SQLITE_');
}

/**
 * Whether an error is better-sqlite3 refusing a closed connection: a request that outlived its
 * network profile's store (a switch cut its last requests), not a fault of the request.
 */
export function isClosedStoreError(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'The database connection is not open';
}

/**
 * Whether SQLite found the file is not a database, or a damaged one (SQLITE_CORRUPT and its
 * extended codes): no retry or restart helps, only setting the file aside (`open-or-set-aside.ts`).
 * Opening finds a damaged header; a damaged page deep in the file shows only when a query reads it.
 */
export function isDamagedStoreError(error: unknown): error is Error & { code: string } {
  return isSqliteError(error) && (error.code === 'SQLITE_NOTADB' || error.code.startsWith('SQLITE_CORRUPT'));
}
