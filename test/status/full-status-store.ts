import type { SqliteDatabase } from '../../main/mirror/store/ledger-store.ts';

// A status store on a full disk, as far as SQLite can tell: its database may not grow by another
// page (PRAGMA max_page_count, which makes SQLite answer SQLITE_FULL, "database or disk is full"),
// and the pages it has are filled up, so that every write the poller makes needs a page it cannot
// have. Only the connection it is set on sees the limit; `makeRoom` lifts it (space came back).

/** Fills the store's meta table (every poll writes there) until SQLite refuses another page. */
export function fillStatusStore(db: SqliteDatabase): void {
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  const insert = db.prepare('INSERT INTO status_meta (key, value) VALUES (?, ?)');
  for (let i = 0; ; i++) {
    try {
      insert.run(`zz-filler-${i}`, 'x');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_FULL') return;
      throw error;
    }
  }
}

/** The disk has room again. */
export function makeRoom(db: SqliteDatabase): void {
  db.pragma('max_page_count = 1073741823');
}
