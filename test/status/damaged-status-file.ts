import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StatusStore } from '../../main/status/store/status-store.ts';

/**
 * Overwrites every page of `table` in an open status store's file with random bytes, as a disk
 * fault under a running app would: its WAL is written back into the file first (so the pages are
 * there), and the connection's page cache is let go afterwards, so its next read of them sees the
 * damage, as it would once the cache has moved on.
 */
export function damageOpenStatusStore(store: StatusStore, table: string): void {
  const { db } = store;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = (db.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(table) as Array<{ pageno: number }>).map((row) => row.pageno);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  if (pages.length === 0) throw new Error(`${store.file} has no pages of ${table} to overwrite`);
  const fd = fs.openSync(store.file, 'r+');
  try {
    for (const page of pages) fs.writeSync(fd, crypto.randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
  db.pragma('shrink_memory');
}

/** The files a status store was moved to (`<file>.unreadable-<time>`), without their companions. */
export function setAsideStatusFiles(file: string): string[] {
  const prefix = `${path.basename(file)}.unreadable-`;
  return fs.readdirSync(path.dirname(file))
    .filter((entry) => entry.startsWith(prefix) && !/-(wal|shm)$|\.damaged$/.test(entry))
    .map((entry) => path.join(path.dirname(file), entry))
    .sort();
}
