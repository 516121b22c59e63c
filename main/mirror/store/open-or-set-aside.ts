import fs from 'node:fs';

/** What the WAL journal leaves beside a database file. */
const COMPANIONS = ['-wal', '-shm'];

export interface OpenedStore<T> {
  store: T;
  /** Where an unreadable file was moved before a new one was opened; null when the file opened as it was. */
  setAside: string | null;
  /** SQLite's reason the file could not be read, when it was set aside. */
  reason: string | null;
}

/**
 * Opens a database file with `open`. When SQLite cannot read the file as a database (it is
 * not one, or it is damaged: a copy cut short, a disk fault), the file and its WAL companions
 * are moved to `<file>.unreadable-<time>` and `open` runs again on a new file, so that the app
 * starts instead of stopping at a file it cannot use. Nothing is deleted: every store here can
 * be rebuilt (the demo is generated again, a synced profile syncs again, status is polled
 * again), and the one that holds the user's work (verified contracts) stays recoverable by hand
 * from the moved file. Any other failure (permissions, a full disk) is thrown as it is.
 */
export function openOrSetAside<T>(file: string, open: (file: string) => T, log: (line: string) => void, now: Date = new Date()): OpenedStore<T> {
  try {
    return { store: open(file), setAside: null, reason: null };
  } catch (error) {
    if (file === ':memory:' || !isUnreadable(error)) throw error;
    const setAside = `${file}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, setAside);
    for (const suffix of COMPANIONS) {
      if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, setAside + suffix);
    }
    const reason = (error as Error).message;
    log(`${file} could not be read as a database (${reason}); moved to ${setAside}, starting a new one`);
    return { store: open(file), setAside, reason };
  }
}

/** SQLite's codes for a file it cannot read as a database: not one at all, or damaged (SQLITE_CORRUPT and its extended codes). */
function isUnreadable(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
}
