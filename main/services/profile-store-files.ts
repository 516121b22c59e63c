import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { compactionCopyFile } from '../mirror/store/compact-store.ts';
import { COMPANIONS } from '../mirror/store/open-or-set-aside.ts';
import { profileDatabaseFile, type NetworkProfile } from './network-profiles.ts';
import { statusStoreFile } from './profile-status.ts';

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
