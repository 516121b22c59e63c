import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CHOOSE_ANOTHER, prepareDataDir } from './data-dir.ts';
import { isOutOfRoom, writeProblemReason } from '../files/write-problem.ts';
import { lockHolderProcess, ownProcessStart } from './lock-holder-process.ts';

/** The lock file in the data folder: it exists while a Mirrordesk runs on the folder, and holds that process's id (and start, where the OS tells it). */
export const DATA_DIR_LOCK_FILE = 'mirrordesk.lock';

/** Which of the app's shells holds a folder, as the refusal names it. */
export type DataDirUser = 'serve' | 'desktop';

/** A data folder this process holds; `release` lets it go (also done at exit). */
export interface DataDirLock {
  file: string;
  release(): void;
}

/** What a lock file says of its holder; `pid` is null when the file holds no readable one, `started` when it records no start. */
interface LockHolder {
  text: string;
  pid: number | null;
  user: DataDirUser | null;
  started: string | null;
}

/** Whether a lock's holder runs: `proven` when the OS showed it is that very process (our own lock, or its recorded start). */
type HolderRuns = { runs: false; another: string | null } | { runs: true; proven: boolean };

const USER_NAMES: Record<DataDirUser, string> = { serve: 'serve', desktop: 'the desktop app' };
/** The lock files this process holds: a second take in the same process is refused like any other. */
const heldHere = new Set<string>();
/** Rounds of "stale lock removed, take again" before giving up: each round is another start racing us. */
const TAKE_ATTEMPTS = 3;

/**
 * Creates the data folder if needed (prepareDataDir) and takes it for this process, before any
 * store opens there: two processes on one folder regenerate the demo ledger under each other, hold
 * each other's SQLite locks and mark each other's verifications interrupted. The lock is a file
 * created exclusively holding our pid and start. A lock whose process is gone (a crash, a kill -9),
 * or whose id now belongs to another program (lock-holder-process.ts; `log` says so), is taken
 * over; a live one refuses the start with one line naming the folder and the holder. Released at
 * exit: `serve`'s shutdown on a signal ends in process.exit too, and what no code outlives
 * (kill -9) leaves a lock whose process is gone, for the next start to take over.
 */
export function lockDataDir(dir: string, user: DataDirUser, log: (line: string) => void): DataDirLock {
  prepareDataDir(dir);
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  return held(file, takeLockFile(dir, file, user, log));
}

/**
 * Takes `file` for this process: creates it, or removes it when its holder is gone and creates it
 * then; its text once taken. A live holder refuses the start. The take-over file of a stale lock
 * (removeStaleLock) is taken the same way.
 */
function takeLockFile(dir: string, file: string, user: DataDirUser, log: (line: string) => void): string {
  // Said once the lock is ours: another start may take it first, and ours then refused.
  let tookFrom: string | null = null;
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const text = createLockFile(file, user);
    if (text !== null) {
      if (tookFrom !== null) log(tookFrom);
      return text;
    }
    const holder = readLockFile(file);
    // Gone between our create and our read: its holder has just stopped.
    if (holder === null) continue;
    if (holder.pid === null) throw new Error(inUseMessage(dir, file, holder, false));
    const running = holderRuns(holder.pid, holder.started, file);
    if (running.runs) throw new Error(inUseMessage(dir, file, holder, running.proven));
    tookFrom = running.another === null ? null
      : `took over ${file}: process ${holder.pid}, which it names, is now another program (${running.another}), not the Mirrordesk that left it`;
    removeStaleLock(dir, file, holder, user, log);
  }
  throw new Error(`the data folder ${dir} could not be locked: its lock file ${file} kept changing, as other Mirrordesk starts on it took and released it; start again`);
}

/**
 * Creates the lock file with our pid; its text when created, null when there is one already. The
 * text is written to a file of our own first and linked into place: the lock never exists empty
 * (a start reading it then would find no holder to name), and `link`, like `wx`, fails when a lock
 * exists. A nonce makes every lock's text one of a kind: a dead process's lock with a reused pid
 * is told from ours, and a stale text removed never comes back (removeStaleLock).
 */
function createLockFile(file: string, user: DataDirUser): string | null {
  const started = ownProcessStart();
  const text = `${JSON.stringify({ pid: process.pid, user, ...(started === null ? {} : { started }), nonce: randomUUID() })}\n`;
  const own = `${file}.${process.pid}-${randomUUID()}`;
  try {
    fs.writeFileSync(own, text, { flag: 'wx' });
  } catch (error) {
    fs.rmSync(own, { force: true });
    if (isOutOfRoom(error)) return createEmptyLockFile(file);
    throw cannotLock(file, 'written', error);
  }
  try {
    fs.linkSync(own, file);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw cannotLock(file, 'created', error);
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
    throw cannotLock(file, 'created', error);
  }
}

function held(file: string, text: string): DataDirLock {
  heldHere.add(file);
  const release = (): void => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    removeOwnLockFile(file, text);
  };
  process.on('exit', release);
  return { file, release };
}

/** Only our own: a lock file replaced meanwhile (removed by hand, then taken by another start) is theirs. */
function removeOwnLockFile(file: string, text: string): void {
  if (readLockFile(file)?.text === text) fs.rmSync(file, { force: true });
}

/** The lock file's holder; null when there is no lock file (any more). */
function readLockFile(file: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw cannotLock(file, 'read', error);
  }
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; user?: unknown; started?: unknown };
    const pid = Number.isSafeInteger(parsed.pid) && (parsed.pid as number) > 0 ? (parsed.pid as number) : null;
    const user = parsed.user === 'serve' || parsed.user === 'desktop' ? parsed.user : null;
    const started = typeof parsed.started === 'string' && /^\d+$/.test(parsed.started) ? parsed.started : null;
    return { text, pid, user, started };
  } catch {
    // Empty (written on a full disk, or being written this instant) or edited: its holder is unknown.
    return { text, pid: null, user: null, started: null };
  }
}

/**
 * Whether the process holding a lock runs. Our own pid is running only if this process took the
 * lock: otherwise it is a pid reused since the holder died (a container restarts with the same pids).
 * Another live pid may have been reused as well, by another program: where the OS tells
 * (lock-holder-process.ts), such a lock is stale too, naming the program (`another`).
 */
function holderRuns(pid: number, started: string | null, file: string): HolderRuns {
  if (pid === process.pid) return heldHere.has(file) ? { runs: true, proven: true } : { runs: false, another: null };
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { runs: false, another: null };
  }
  const found = lockHolderProcess(pid, started);
  if (found.is === 'exited') return { runs: false, another: null };
  if (found.is === 'another') return { runs: false, another: found.program };
  return { runs: true, proven: found.is === 'holder' };
}

/**
 * Removes a lock whose holder is gone, and never any other, however many starts race over it.
 * Only the start holding the stale text's own take-over file, `<lock>.takeover-<hash of the
 * text>` (taken as a lock is: created exclusively, a live holder refuses, a dead one's taken over),
 * removes it, and only if the lock still holds that text when read under it. Why two starts can
 * never both take the folder:
 * - A lock file appears only by an exclusive create (link, or open with O_EXCL), which fails while
 *   one exists: one removal lets one create through.
 * - Removing is the step that could go wrong: a slow start that read stale text S removing the
 *   fresh lock a faster start put in its place. So text S is removed only under takeover(S), held
 *   by one start at a time. That start reads the lock; if it holds S, nothing changes it before the
 *   unlink: no create succeeds while it exists, S's holder is gone and never releases it, and any
 *   other remover read its own text S' under takeover(S') and unlinks with S' still in place (this
 *   same argument, for the removal before ours): the lock held S' then, and holds S now, so
 *   S' = S, whose take-over file we hold. The unlink removes S and only S.
 * - Removed, S never comes back (each lock's nonce is new): a start that read S long ago and takes
 *   takeover(S) after the removal reads another text, and removes nothing.
 * - Whether it removed S or not, each start goes back to the exclusive create: one takes the lock,
 *   the others read a live holder and are refused (as is a start finding takeover(S) held by a
 *   live start: that one is taking the folder).
 * Moving the lock aside and checking what was moved, as before, could not be made safe: a slow
 * start moved a fresh lock aside, a third created one in the empty place, and putting the first
 * back overwrote the third's (rename) or left both running (link fails).
 * A start killed while holding a take-over file leaves it behind, stale like any lock: the next
 * start takes it over the same way (its own take-over file, one level down). Killed after the
 * unlink, it leaves an unused file in the folder: no lock text repeats, so none reads it again.
 */
function removeStaleLock(dir: string, file: string, stale: LockHolder, user: DataDirUser, log: (line: string) => void): void {
  const takeover = `${file}.takeover-${createHash('sha256').update(stale.text).digest('hex').slice(0, 16)}`;
  const ours = takeLockFile(dir, takeover, user, log);
  try {
    if (readLockFile(file)?.text === stale.text) fs.rmSync(file, { force: true });
  } finally {
    removeOwnLockFile(takeover, ours);
  }
}

/** The lock file cannot be `done` (written, created, read) for another reason than a holder. */
function cannotLock(file: string, done: 'written' | 'created' | 'read', error: unknown): Error {
  return new Error(`the data folder ${path.dirname(file)} cannot be locked: its lock file ${file} cannot be ${done} (${writeProblemReason(error)}); ${CHOOSE_ANOTHER}`);
}

/** `proven`: the holder is known to be that Mirrordesk; otherwise the line says what to do should it be another program. */
function inUseMessage(dir: string, file: string, holder: LockHolder, proven: boolean): string {
  if (holder.pid === null) {
    return `the data folder ${dir} is in use by another Mirrordesk, whose process id its lock file ${file} does not hold; stop it first, or ${CHOOSE_ANOTHER} (if none runs, delete ${file})`;
  }
  const who = holder.user ? `${USER_NAMES[holder.user]}, process ${holder.pid}` : `process ${holder.pid}`;
  const unless = proven ? '' : ` (if process ${holder.pid} is not Mirrordesk, delete ${file})`;
  return `the data folder ${dir} is in use by another Mirrordesk (${who}); stop it first, or ${CHOOSE_ANOTHER}${unless}`;
}
