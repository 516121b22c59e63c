import fs from 'node:fs';
import { unreadableFileName } from '../../files/unreadable-file-name.ts';
import { diskFullText, isDiskFullError } from './disk-full.ts';
import { isDamagedStoreError } from './sqlite-error.ts';

/**
 * What the WAL journal leaves beside a database file, and the note `markStoreDamaged` leaves:
 * they move with it.
 */
export const COMPANIONS = ['-wal', '-shm', '.damaged'];

export interface OpenedStore<T> {
  store: T;
  /** Where an unreadable file was moved before a new one was opened; null when the file opened as it was. */
  setAside: string | null;
  /** SQLite's reason the file could not be read, when it was set aside. */
  reason: string | null;
}

/** The note beside a store that proved damaged while it was open (`markStoreDamaged`). */
export function damagedMarkerFile(file: string): string {
  return `${file}.damaged`;
}

/**
 * Records that `file` proved damaged while open (a query read a page SQLite found corrupt, which
 * opening it cannot find), so that its next opening sets it aside like a file that does not open.
 * A note rather than a move at once: the file is still open (requests, a sync, a verification may
 * be reading it), and moving an open SQLite file breaks its journal; the profile says what
 * happened and that a restart rebuilds it. Rather than an integrity check at every start, which
 * reads the whole file (stores run to gigabytes). It cannot loop: the note moves aside with the
 * file it marks, the new file starts without one, and only another damaged read marks it again.
 */
export function markStoreDamaged(file: string, reason: string): void {
  fs.writeFileSync(damagedMarkerFile(file), `${reason}\n`);
}

/**
 * Opens a database file with `open`. When SQLite cannot read the file as a database (it is
 * not one, or it is damaged: a copy cut short, a disk fault), or it was marked damaged while in
 * use, the file and its WAL companions are moved to `<file>.unreadable-<time>` and `open` runs
 * again on a new file, so that the app starts instead of stopping at a file it cannot use.
 * Nothing is deleted: every store here can be rebuilt (the demo is generated again, a synced
 * profile syncs again, status is polled again), and the one that holds the user's work
 * (verified contracts) stays recoverable by hand from the moved file. A full disk is said as such,
 * naming the file and the room left (SQLite's own words, "disk I/O error" for a `-shm` it could
 * not extend, name neither). Any other failure (permissions) is thrown as it is.
 */
export function openOrSetAside<T>(file: string, open: (file: string) => T, log: (line: string) => void, now: Date = new Date()): OpenedStore<T> {
  const companionsBefore = COMPANIONS.filter((suffix) => fs.existsSync(file + suffix));
  try {
    return openOrSetAsideAsIs(file, open, log, now);
  } catch (error) {
    if (file === ':memory:' || !isDiskFullError(error, file)) throw error;
    removeEmptyJournal(file, companionsBefore);
    throw new Error(`cannot open ${file}: ${diskFullText(file)}; free some space on that disk, then try again`, { cause: error });
  }
}

/**
 * The journal files a failed open began, when they hold nothing: an empty -wal, and its -shm (only
 * an index of the -wal, rebuilt by the next open; no connection is left open). A -wal with pages in
 * it is kept: a migration may have committed into it before a later one failed, and a checkpoint
 * that could not finish on the full disk left those pages there alone; the next open recovers them.
 */
function removeEmptyJournal(file: string, before: readonly string[]): void {
  const wal = `${file}-wal`;
  if (!before.includes('-wal') && fs.existsSync(wal) && fs.statSync(wal).size === 0) fs.rmSync(wal, { force: true });
  if (!before.includes('-shm')) fs.rmSync(`${file}-shm`, { force: true });
}

function openOrSetAsideAsIs<T>(file: string, open: (file: string) => T, log: (line: string) => void, now: Date): OpenedStore<T> {
  const marked = damageNoteOf(file);
  if (marked !== null) {
    const setAside = setAsideFile(file, now);
    log(`${file} was found damaged while in use (${marked}); moved to ${setAside}, starting a new one`);
    return { store: open(file), setAside, reason: marked };
  }
  try {
    return { store: open(file), setAside: null, reason: null };
  } catch (error) {
    if (file === ':memory:' || !isDamagedStoreError(error)) throw error;
    const setAside = setAsideFile(file, now);
    const reason = error.message;
    log(`${file} could not be read as a database (${reason}); moved to ${setAside}, starting a new one`);
    return { store: open(file), setAside, reason };
  }
}

/** Moves the file and its companions to `<file>.unreadable-<time>`; returns that name. */
function setAsideFile(file: string, now: Date): string {
  const setAside = unreadableFileName(file, now);
  fs.renameSync(file, setAside);
  for (const suffix of COMPANIONS) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, setAside + suffix);
  }
  return setAside;
}

/** Why `file` was marked damaged; null when it was not, or when the file it marked is gone (its note is then dropped). */
function damageNoteOf(file: string): string | null {
  if (file === ':memory:') return null;
  const marker = damagedMarkerFile(file);
  let note: string;
  try {
    note = fs.readFileSync(marker, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!fs.existsSync(file)) {
    fs.rmSync(marker, { force: true });
    return null;
  }
  return note === '' ? 'marked damaged' : note;
}
