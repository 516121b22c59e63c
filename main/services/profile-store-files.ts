import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NotificationSettings } from '../common/status-types.ts';
import { compactionCopyFile } from '../mirror/store/compact-store.ts';
import { COMPANIONS, damagedMarkerFile } from '../mirror/store/open-or-set-aside.ts';
import { StatusStore } from '../status/store/status-store.ts';
import { profileDatabaseFile, type NetworkProfile } from './network-profiles.ts';

/**
 * `<profile>.status-<key>.sqlite` for a status page, the key being the start of its URL's SHA-256
 * in hex (12 digits); `<profile>.status.sqlite` for the demo's built-in history (page null), which
 * is also where a profile's own page was kept before files were keyed by page (`adoptUnkeyedStatusStore`).
 */
export function statusStoreFile(profileName: string, dataDir: string, page: string | null): string {
  if (page === null) return path.join(dataDir, `${profileName}.status.sqlite`);
  const key = createHash('sha256').update(page).digest('hex').slice(0, 12);
  return path.join(dataDir, `${profileName}.status-${key}.sqlite`);
}

/** One file to rename in the data folder. */
export interface StoreFileMove {
  from: string;
  to: string;
}

/** What renaming a profile does to its files: the renames, or the files of the new name already there. */
export interface StoreRenamePlan {
  moves: StoreFileMove[];
  /** Files named for the new name already (another profile's, kept when it was removed): none is overwritten. */
  taken: string[];
}

/**
 * The files that follow a saved profile when it is renamed, so it keeps what it has: its ledger
 * store (with its fetched account history, remembered answers and settings) while its mirror URL
 * stays the same (another URL is another ledger, which gets a store of its own), and its status
 * stores, one per page it watched (a page keeps its file whatever the profile is called).
 *
 * A file of the old name that is gone while the new name's is there was moved by a rename that
 * did not finish (a crash): it is left where it is, so saving the same rename again completes it.
 */
export function planStoreRename(from: NetworkProfile, to: NetworkProfile, dataDir: string): StoreRenamePlan {
  const pairs: Array<[string, string]> = [];
  if (from.mirrorUrl === to.mirrorUrl) {
    const [fromLedger, toLedger] = [profileDatabaseFile(from, dataDir), profileDatabaseFile(to, dataDir)];
    settleWal(fromLedger);
    pairs.push(...storeFilePairs(fromLedger, toLedger));
    // A compaction cut short leaves its copy, which the store's next opening removes: it must find it.
    pairs.push([compactionCopyFile(fromLedger), compactionCopyFile(toLedger)]);
  }
  for (const [fromStatus, toStatus] of statusStorePairs(from, to, dataDir)) {
    settleWal(fromStatus);
    pairs.push(...storeFilePairs(fromStatus, toStatus));
  }
  const plan: StoreRenamePlan = { moves: [], taken: [] };
  for (const [source, target] of pairs) {
    if (!fs.existsSync(source)) continue;
    if (fs.existsSync(target)) plan.taken.push(path.basename(target));
    else plan.moves.push({ from: source, to: target });
  }
  return plan;
}

/**
 * A store's file and the ones that travel with it (the WAL journal's, and the note that has a store
 * found damaged set aside at its next opening, under whichever name): they only ever move together.
 */
function storeFilePairs(from: string, to: string): Array<[string, string]> {
  return ['', ...COMPANIONS].map((part) => [from + part, to + part]);
}

/**
 * Writes a closed database's WAL back into its file: closing the last connection then deletes the
 * WAL, so the database is one file again, which one rename moves whole; a crash can never part it
 * from its log. Only a file that is an SQLite database by its header: closing one SQLite cannot
 * read deletes its WAL unread, which may be what recovering it by hand needs. Such a file is left
 * as it is (its next opening sets it aside) and its parts move one by one.
 */
function settleWal(file: string): void {
  if (!fs.existsSync(`${file}-wal`) || !hasSqliteHeader(file)) return;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function hasSqliteHeader(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const start = Buffer.alloc(SQLITE_HEADER.length);
    return fs.readSync(fd, start, 0, start.length, 0) === start.length && start.equals(SQLITE_HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Renames the files one by one (each rename is atomic). A rename that fails puts back the ones
 * done before it and throws: the profile's files are all under one name or the other.
 * Returns how to undo them all (the caller's next step, saving the profile list, may fail too).
 */
export function moveStoreFiles(moves: readonly StoreFileMove[]): () => void {
  const done: StoreFileMove[] = [];
  const undo = (): void => {
    for (const move of done.splice(0).reverse()) fs.renameSync(move.to, move.from);
  };
  try {
    for (const move of moves) {
      fs.renameSync(move.from, move.to);
      done.push(move);
    }
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

/**
 * The status stores of profile `from` and their names under `to`: one per page it watched (keyed by
 * that page's URL, as `statusStoreFile` names them), and the unkeyed one (the demo's history, or a
 * page's from before files were keyed, which its next opening takes over).
 */
function statusStorePairs(from: NetworkProfile, to: NetworkProfile, dataDir: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [[statusStoreFile(from.name, dataDir, null), statusStoreFile(to.name, dataDir, null)]];
  // Profile names hold no dots (validate-profile-request.ts), so `<name>.status-` starts this profile's files alone.
  const prefix = `${from.name}.status-`;
  const keys = new Set<string>();
  for (const entry of fs.readdirSync(dataDir)) {
    if (!entry.startsWith(prefix)) continue;
    const key = /^([0-9a-f]{12})\.sqlite(?:-wal|-shm)?$/.exec(entry.slice(prefix.length))?.[1];
    if (key !== undefined) keys.add(key);
  }
  for (const key of keys) pairs.push([path.join(dataDir, `${prefix}${key}.sqlite`), path.join(dataDir, `${to.name}.status-${key}.sqlite`)]);
  return pairs;
}

/**
 * Moves a closed store and its companions under another name: the WAL written back first, a failed
 * rename undoing the ones before it, the main file last. A move cut short (a crash) thus leaves the
 * main file under the old name with nothing at the new one, and moving it again completes the move.
 */
function moveStoreWhole(from: string, to: string): void {
  settleWal(from);
  const [main, ...companions] = storeFilePairs(from, to);
  moveStoreFiles([...companions, main!].filter(([source]) => fs.existsSync(source)).map(([source, target]) => ({ from: source, to: target })));
}

/** What deciding between two status files of one page reads of each; null for a file that cannot be read. */
interface StatusFileFacts {
  pageId: string | null;
  lastSuccessMs: number;
  settings: NotificationSettings;
}

function readStatusFile(file: string): StatusFileFacts | null {
  // A file marked damaged is set aside at its next opening anyway: it holds nothing to keep.
  if (fs.existsSync(damagedMarkerFile(file))) return null;
  let store: StatusStore;
  try {
    store = new StatusStore(file);
  } catch {
    return null;
  }
  try {
    const pageId = store.getPage()?.id;
    return {
      pageId: typeof pageId === 'string' && pageId !== '' ? pageId : null,
      lastSuccessMs: Date.parse(store.getMeta('last_success_at') ?? '') || 0,
      settings: store.getSettings(),
    };
  } finally {
    store.close();
  }
}

function writeStatusSettings(file: string, settings: NotificationSettings): void {
  const store = new StatusStore(file);
  try {
    store.setSettings(settings);
  } finally {
    store.close();
  }
}

/** Where a status file that another one of the same page replaced is moved: `<file>.replaced-<time>`, a new name each time. */
export function replacedStatusFileName(file: string, now: Date): string {
  return `${file}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Before status files were keyed by page, a profile's own page was kept in `<profile>.status.sqlite`
 * whatever its URL. The first opening of the page's keyed file (`keyedFile`) takes that file over, so
 * its history, notification settings and "already notified" state carry on (one that turns out to
 * hold another page, the URL having been edited, starts that page afresh at its first poll with the
 * user's choices kept: apply-poll.ts). A move cut short is completed by the next opening.
 *
 * When the page has a keyed file already (it was watched with `--status-upstream`, perhaps once),
 * nothing is deleted: one file is kept and the other moved aside (`replacedStatusFileName`), said in
 * the log. Kept is the one holding this page (the keyed one does, by its name; the unkeyed one may
 * hold the page the profile watched before an edit) that was polled last; a file that cannot be read
 * is never kept over one that can. The settings are the unkeyed file's, the profile's own (what its
 * Status screen showed all along), but for component choices made for another page.
 */
export function adoptUnkeyedStatusStore(profileName: string, dataDir: string, keyedFile: string, log: (line: string) => void, now: Date = new Date()): void {
  const unkeyed = statusStoreFile(profileName, dataDir, null);
  if (!fs.existsSync(unkeyed)) return;
  if (!fs.existsSync(keyedFile)) {
    moveStoreWhole(unkeyed, keyedFile);
    return;
  }
  const own = readStatusFile(unkeyed);
  const named = readStatusFile(keyedFile);
  const samePage = own !== null && named !== null && own.pageId !== null && own.pageId === named.pageId;
  const anotherPage = own !== null && named !== null && own.pageId !== null && named.pageId !== null && own.pageId !== named.pageId;
  const keepOwn = own !== null && (named === null || (!anotherPage && own.lastSuccessMs > named.lastSuccessMs));
  if (keepOwn) {
    const aside = replacedStatusFileName(keyedFile, now);
    moveStoreWhole(keyedFile, aside);
    moveStoreWhole(unkeyed, keyedFile);
    const why = named === null ? 'it could not be read' : 'it was polled earlier';
    log(`status: kept ${path.basename(unkeyed)} for this status page, as ${path.basename(keyedFile)}, and moved the one there before to ${aside} (${why})`);
    return;
  }
  if (own !== null && named !== null) {
    writeStatusSettings(keyedFile, { ...own.settings, componentIds: samePage ? own.settings.componentIds : named.settings.componentIds });
  }
  const aside = replacedStatusFileName(unkeyed, now);
  moveStoreWhole(unkeyed, aside);
  const why = own === null ? 'it could not be read' : anotherPage ? 'it held another page' : 'it was polled earlier';
  log(`status: kept ${path.basename(keyedFile)} for this status page and moved ${path.basename(unkeyed)} to ${aside} (${why})${own === null ? '' : ', its notification settings carried over'}`);
}
