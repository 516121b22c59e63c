import fs from 'node:fs';
import path from 'node:path';

/**
 * What a sync run's failure says in the Sync panel. A failure to write the local store (SQLite's
 * own errors: a full disk above all) is this machine's, not the upstream's, and is named so, with
 * the room left where the store lives; anything else is its own message.
 */
export function describeSyncFailure(error: unknown, storeFile: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return message;
  if (code === 'SQLITE_FULL') return `the local store cannot grow: ${message} (${roomLeft(storeFile)}); the sync goes on once there is room`;
  return `the local store could not be written: ${message} (${code})`;
}

/** Space left for an unprivileged writer on the store's file system: "1.2 GB free in /data". */
function roomLeft(storeFile: string): string {
  const folder = path.dirname(storeFile);
  try {
    const { bavail, bsize } = fs.statfsSync(folder);
    return `${formatSize(bavail * bsize)} free in ${folder}`;
  } catch {
    return `in ${folder}`;
  }
}

function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.round(bytes / 1e3)} kB`;
}
