import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../../main/mirror/store/ledger-store.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';

// The verification database damaged or on a full disk, for real: pages overwritten with random
// bytes in the file, writes refused by SQLite itself (SQLITE_FULL).

export const MALFORMED = 'database disk image is malformed';

/** What every route answers once `file` is found damaged and marked to be set aside at the next start. */
export function damagedDbMessage(file: string, reason = MALFORMED): string {
  return `The verification database ${file} is damaged (${reason}). Restart Mirrordesk: the damaged file is then moved to ${file}.unreadable-<time> `
    + '(kept, not deleted) and a new, empty one is started. Contracts verified before are not in the new one: "sqlite3 <moved file> .recover" may get them back from the moved file.';
}

/** What a write answers on a full disk (the room left depends on the machine). */
export function diskFullMessage(file: string): RegExp {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const folder = file.slice(0, file.lastIndexOf('/'));
  return new RegExp(`^The disk is full: the verification database ${escaped(file)} cannot be written \\(database or disk is full; \\d+(\\.\\d)? [KMG]iB free in ${escaped(folder)}\\)\\. Free some space on that disk and try again\\.$`);
}

/**
 * Overwrites every page of `table` and of its indexes, as a disk fault would: damage that opening
 * the file does not see, only a query reading those pages. The file must be closed by everyone else.
 */
export function damageVerifyTable(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").pluck().all(table) as string[];
  db.close();
  for (const name of [table, ...indexes]) overwriteTablePages(file, name);
}

/**
 * The database as on a disk with no room left: it may not grow by a page (PRAGMA max_page_count,
 * on this connection). A write that needs a new page then fails with SQLite's own SQLITE_FULL,
 * "database or disk is full"; one that fits in a page it has does not.
 */
export function capAtCurrentSize(db: SqliteDatabase): void {
  // Free pages first: the tables a migration rebuilt (schema 8's) leave theirs on the free list, where a write would find room.
  db.exec('VACUUM');
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
}

/**
 * Fills the job table's pages until a job of the size the v2 routes store no longer fits, on a
 * capped database: a new job then needs a page, as every write does on a full disk. The rows are
 * running jobs of another chain, so they refuse no submission as "already being verified".
 */
export function fillJobPages(db: SqliteDatabase): void {
  const insert = db.prepare("INSERT INTO verification_job (id, chain_id, address, started_at) VALUES (?, '99999', ?, ?)");
  // Keys land on random index pages: stop once no page took one in a long row.
  for (let refused = 0; refused < 200;) {
    try {
      insert.run(randomUUID(), `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`, Date.now());
      refused = 0;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error;
      refused += 1;
    }
  }
}
