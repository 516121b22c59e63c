import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CHOOSE_ANOTHER, prepareDataDir } from './data-dir.ts';
import { isOutOfRoom, writeProblemReason } from '../files/write-problem.ts';

/** The lock file in the data folder: it exists while a Mirrordesk runs on the folder, and holds that process's id. */
export const DATA_DIR_LOCK_FILE = 'mirrordesk.lock';

/** Which of the app's shells holds a folder, as the refusal names it. */
export type DataDirUser = 'serve' | 'desktop';

/** A data folder this process holds; `release` lets it go (also done at exit). */
export interface DataDirLock {
  file: string;
  release(): void;
}

/** What a lock file says of its holder; `pid` is null when the file holds no readable one. */
interface LockHolder {
  text: string;
  pid: number | null;
  user: DataDirUser | null;
}

const USER_NAMES: Record<DataDirUser, string> = { serve: 'serve', desktop: 'the desktop app' };
/** The lock files this process holds: a second take in the same process is refused like any other. */
const heldHere = new Set<string>();
/** Rounds of "stale lock removed, take again" before giving up: each round is another start racing us. */
const TAKE_ATTEMPTS = 3;

/**
 * Creates the data folder if needed (prepareDataDir) and takes it for this process, before any
 * store opens there: two processes on one folder regenerate the demo ledger under each other, hold
 * each other's SQLite locks and mark each other's verifications interrupted. The lock is a file
 * created exclusively (`wx`, O_EXCL) holding our pid. A lock whose process is gone (a crash, a
 * kill -9) is taken over; a live one refuses the start with one line naming the folder and the
 * holder. Released at exit: `serve`'s shutdown on a signal ends in process.exit too, and what no
 * code outlives (kill -9) leaves a lock whose process is gone, for the next start to take over.
 */
export function lockDataDir(dir: string, user: DataDirUser): DataDirLock {
  prepareDataDir(dir);
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const text = createLockFile(file, user);
    if (text !== null) return held(file, text);
    const holder = readLockFile(file);
    // Gone between our create and our read: its holder has just stopped.
    if (holder === null) continue;
    if (holder.pid === null || isRunning(holder.pid, file)) throw new Error(inUseMessage(dir, file, holder));
    removeStaleLock(file, holder);
  }
  throw new Error(`the data folder ${dir} could not be locked: its lock file ${file} kept changing, as other Mirrordesk starts on it took and released it; start again`);
}

/**
 * Creates the lock file with our pid; its text when created, null when there is one already. The
 * text is written to a file of our own first and linked into place: the lock never exists empty
 * (a start reading it then would find no holder to name), and `link`, like `wx`, fails when a lock
 * exists. A nonce tells our lock from one a dead process with a reused pid left.
 */
function createLockFile(file: string, user: DataDirUser): string | null {
  const text = `${JSON.stringify({ pid: process.pid, user, nonce: randomUUID() })}\n`;
  const own = `${file}.${process.pid}-${randomUUID()}`;
  try {
    fs.writeFileSync(own, text, { flag: 'wx' });
  } catch (error) {
    fs.rmSync(own, { force: true });
    if (isOutOfRoom(error)) return createEmptyLockFile(file);
    throw new Error(`the data folder ${path.dirname(file)} cannot be locked: its lock file ${file} cannot be written (${writeProblemReason(error)}); ${CHOOSE_ANOTHER}`);
  }
  try {
    fs.linkSync(own, file);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw new Error(`the data folder ${path.dirname(file)} cannot be locked: its lock file ${file} cannot be created (${writeProblemReason(error)}); ${CHOOSE_ANOTHER}`);
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/**
 * On a full disk there is no room for the text: an empty lock file, created exclusively, is still
 * a lock, and stored data must go on being served there. Another start then cannot tell our pid
 * and is refused.
 */
function createEmptyLockFile(file: string): string | null {
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
    return '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw new Error(`the data folder ${path.dirname(file)} cannot be locked: its lock file ${file} cannot be created (${writeProblemReason(error)}); ${CHOOSE_ANOTHER}`);
  }
}

function held(file: string, text: string): DataDirLock {
  heldHere.add(file);
  const release = (): void => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    // Only our own: a lock file replaced meanwhile (removed by hand, then taken by another start) is theirs.
    if (readLockFile(file)?.text === text) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

/** The lock file's holder; null when there is no lock file (any more). */
function readLockFile(file: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`the data folder ${path.dirname(file)} cannot be locked: its lock file ${file} cannot be read (${writeProblemReason(error)}); ${CHOOSE_ANOTHER}`);
  }
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; user?: unknown };
    const pid = Number.isSafeInteger(parsed.pid) && (parsed.pid as number) > 0 ? (parsed.pid as number) : null;
    const user = parsed.user === 'serve' || parsed.user === 'desktop' ? parsed.user : null;
    return { text, pid, user };
  } catch {
    // Empty (written on a full disk, or being written this instant) or edited: its holder is unknown.
    return { text, pid: null, user: null };
  }
}

/**
 * Whether the process holding a lock runs. Our own pid is running only if this process took the
 * lock: otherwise it is a pid reused since the holder died (a container restarts with the same pids).
 */
function isRunning(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes a lock whose holder is gone, and only that one. Two starts may find the same stale lock;
 * the first removes it and takes the folder. Moving the file aside (one mover wins) and checking
 * what was moved keeps the second from deleting the first's fresh lock: moved by mistake, it goes back.
 */
function removeStaleLock(file: string, stale: LockHolder): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readLockFile(aside)?.text === stale.text) fs.rmSync(aside, { force: true });
  else fs.renameSync(aside, file);
}

function inUseMessage(dir: string, file: string, holder: LockHolder): string {
  if (holder.pid === null) {
    return `the data folder ${dir} is in use by another Mirrordesk, whose process id its lock file ${file} does not hold; stop it first, or ${CHOOSE_ANOTHER} (if none runs, delete ${file})`;
  }
  const who = holder.user ? `${USER_NAMES[holder.user]}, process ${holder.pid}` : `process ${holder.pid}`;
  return `the data folder ${dir} is in use by another Mirrordesk (${who}); stop it first, or ${CHOOSE_ANOTHER}`;
}
