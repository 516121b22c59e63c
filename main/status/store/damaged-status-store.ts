import Database from 'better-sqlite3';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import { markStoreDamaged, openOrSetAside } from '../../mirror/store/open-or-set-aside.ts';
import { inMemoryCacheNote, rebuiltCacheNote } from './status-cache-notes.ts';
import { openStatusDatabase } from './status-database.ts';
import { CARRIED_META_KEYS, StatusStore } from './status-store.ts';

// A status store holds a cache of a public status page, plus which of its news were already
// notified and the user's notification settings: all of it but the settings is heard again from
// the page. So a damaged file is never a reason to stop: it is moved aside (kept, never deleted)
// and a new one started, at opening or at once when a query finds the damage in use.

export interface OpenedStatusStore {
  store: StatusStore;
  /** What the Status screen says of a file that could not be read and was set aside; null when it opened as it was. */
  note: string | null;
}

/**
 * Opens a profile's status store. A file SQLite cannot read whole (`openStatusDatabase` checks it)
 * is moved aside with `openOrSetAside`, which logs both names, and a new one is started with the
 * settings and demo anchor the old one still gives.
 */
export function openStatusStore(file: string, log: (line: string) => void): OpenedStatusStore {
  const opened = openOrSetAside(file, (at) => new StatusStore(at), log);
  if (opened.setAside === null) return { store: opened.store, note: null };
  try {
    for (const [key, value] of readCarriedMeta(opened.setAside)) opened.store.setMeta(key, value);
  } catch (error) {
    // The settings are the user's, but not worth stopping for: a full disk, say, would refuse them.
    log(`status: the notification settings of ${opened.setAside} could not be carried over (${error instanceof Error ? error.message : String(error)})`);
  }
  return { store: opened.store, note: rebuiltCacheNote(opened.reason ?? 'unreadable', opened.setAside) };
}

/**
 * What to do when a query finds the store's file damaged while open: the store goes on, in place,
 * on a new file, and the damaged one is moved aside with its WAL files (`markStoreDamaged` then
 * `openOrSetAside`, which logs both names). Safe at once, where a ledger waits for its next
 * opening: the store's own connection is the only one on the file and is closed first, and
 * SQLite's calls are synchronous, so nothing reads the file in between. The new file starts
 * without a baseline, so the next good poll notifies nothing of what is open then (as a first
 * poll does).
 *
 * Where that cannot be done (the note or the move fails), or the store was rebuilt once already
 * in this run (a new file damaged too points at a failing disk, and rebuilding in a loop would
 * fill it with set-aside copies), the store goes on in memory for the rest of the run, the file
 * marked where it can be so that the next start moves it aside.
 *
 * Answers a function to call with the reason of each damage found; it answers what the Status
 * screen says of it.
 */
export function statusStoreRebuilder(store: StatusStore, log: (line: string) => void): (reason: string) => string {
  let rebuilt = false;
  /** Once the store went on in memory: what was said then, which further damage (of memory) does not change. */
  let inMemory: string | null = null;
  return (reason) => {
    const { file } = store;
    closeQuietly(store.db);
    if (inMemory !== null || file === ':memory:') {
      store.startAfresh(openStatusDatabase(':memory:'));
      return inMemory ?? rebuiltCacheNote(reason, null);
    }
    let marked = false;
    try {
      markStoreDamaged(file, reason);
      marked = true;
      if (rebuilt) throw new Error('it was found damaged again after a rebuild in this run: the disk may be failing');
      const opened = openOrSetAside(file, openStatusDatabase, log);
      startAfreshOrClose(store, opened.store);
      rebuilt = true;
      return rebuiltCacheNote(reason, opened.setAside ?? file);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      log(`status: the status cache ${file} is damaged (${reason}) and could not be replaced by a new file (${why}); the status is kept in memory until quit`);
      store.startAfresh(openStatusDatabase(':memory:'));
      inMemory = inMemoryCacheNote(reason, file, why, marked);
      return inMemory;
    }
  };
}

function startAfreshOrClose(store: StatusStore, db: SqliteDatabase): void {
  try {
    store.startAfresh(db);
  } catch (error) {
    closeQuietly(db);
    throw error;
  }
}

/** Closing a damaged database may fail on its way out (writing its WAL back): it is closed all the same. */
function closeQuietly(db: SqliteDatabase): void {
  try {
    if (db.open) db.close();
  } catch {
    // The connection is released whatever the close reported.
  }
}

/** The carried settings a set-aside file still gives, read-only; none where it cannot be read. */
function readCarriedMeta(file: string): Map<string, string> {
  const carried = new Map<string, string>();
  let db: SqliteDatabase | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const read = db.prepare('SELECT value FROM status_meta WHERE key = ?').pluck();
    for (const key of CARRIED_META_KEYS) {
      const value = read.get(key) as string | undefined;
      if (typeof value === 'string') carried.set(key, value);
    }
  } catch {
    // Damage in status_meta took them with it: the defaults (and a new demo anchor) stand.
  } finally {
    if (db) closeQuietly(db);
  }
  return carried;
}
