import fs from 'node:fs';
import path from 'node:path';
import type { SqliteDatabase } from './ledger-store.ts';

/** A file's size, 0 when it is not there. */
export function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** A store's size on disk: its SQLite file and its write-ahead log (0 for a part that is not there). */
export function storeFileBytes(file: string): number {
  return fileBytes(file) + fileBytes(`${file}-wal`);
}

/** Room left for an unprivileged writer on the file system that holds `file`; null when it cannot be read. */
export function diskFreeBytes(file: string): number | null {
  try {
    const { bavail, bsize } = fs.statfsSync(path.dirname(file));
    return bavail * bsize;
  } catch {
    return null;
  }
}

/** Pages inside the store that deleted rows left free: SQLite reuses them before the file grows again. */
export function storeReusableBytes(db: SqliteDatabase): number {
  return Number(db.pragma('freelist_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
}

/** Pages that hold data: what a compact copy of the store takes. */
export function storeLiveBytes(db: SqliteDatabase): number {
  const pages = Number(db.pragma('page_count', { simple: true })) - Number(db.pragma('freelist_count', { simple: true }));
  return pages * Number(db.pragma('page_size', { simple: true }));
}

/** The room left where `file` lives, for a message: "1.2 GiB free in /data"; null when it cannot be read. */
export function freeSpaceText(file: string): string | null {
  const free = diskFreeBytes(file);
  return free === null ? null : `${formatStoreBytes(free)} free in ${path.dirname(file)}`;
}

/** A size for messages main writes (the renderer has its own formatFileSize): "1.2 GiB", "340.0 MiB", "12 KiB". */
export function formatStoreBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  return `${Math.round(bytes / 1024)} KiB`;
}
