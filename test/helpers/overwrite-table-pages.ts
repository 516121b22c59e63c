import Database from 'better-sqlite3';
import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * Overwrites every page of `table` in the SQLite file with random bytes, as a disk fault (or
 * `dd if=/dev/urandom … conv=notrunc`) would: damage that opening the store does not see, only a
 * query reading those pages. The file must be closed by everyone else; closing the connection
 * used here to find the pages writes any WAL back into the file first.
 */
export function overwriteTablePages(file: string, table: string): void {
  const db = new Database(file);
  const pages = (db.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(table) as Array<{ pageno: number }>).map((row) => row.pageno);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  if (pages.length === 0) throw new Error(`${file} has no pages of ${table} to overwrite`);
  const fd = fs.openSync(file, 'r+');
  try {
    for (const page of pages) fs.writeSync(fd, crypto.randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}
