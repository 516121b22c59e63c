import path from 'node:path';
import { isDamagedStoreError, isSqliteError } from '../mirror/store/sqlite-error.ts';
import { freeSpaceText } from '../mirror/store/store-size.ts';

/**
 * What a sync run's failure says in the Sync panel. A failure to write the local store (SQLite's
 * own errors: a full disk above all) is this machine's, not the upstream's, and is named so, with
 * the room left where the store lives; anything else is its own message.
 */
export function describeSyncFailure(error: unknown, storeFile: string): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!isSqliteError(error)) return message;
  const code = error.code;
  if (code === 'SQLITE_FULL') return `the local store cannot grow: ${message} (${roomLeft(storeFile)}); the sync goes on once there is room`;
  // What becomes of the file (marked to be set aside, or not markable) is its owner's to say (`onStoreDamaged`).
  if (isDamagedStoreError(error)) return `the local store is damaged: ${message} (${code})`;
  return `the local store could not be written: ${message} (${code})`;
}

/** Space left for an unprivileged writer on the store's file system: "1.2 GiB free in /data". */
function roomLeft(storeFile: string): string {
  return freeSpaceText(storeFile) ?? `in ${path.dirname(storeFile)}`;
}
