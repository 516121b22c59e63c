/**
 * Words for the file system refusing a write: a full disk, a used-up quota, a read-only disk,
 * missing permissions. These are the machine's state, not the app's bugs, and the user can act on
 * them once told which file and why; every other error stays what it is.
 */

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
};

const WHAT_TO_DO: Record<string, string> = {
  ENOSPC: 'free some space on that disk, then try again',
  EDQUOT: 'free some space on that disk, then try again',
  EROFS: 'start Mirrordesk with a data folder on a writable disk (--data-dir DIR)',
  EACCES: 'check who owns that folder and that you may write in it',
  EPERM: 'check who owns that folder and that you may write in it',
};

/** What the system call was doing, for "could not be …". */
const ACTIONS: Record<string, string> = {
  open: 'opened',
  mkdir: 'created',
  rename: 'moved',
  unlink: 'removed',
  rmdir: 'removed',
};
/**
 * The system calls that write a file or change a folder (a write's `action` is "written"): an
 * EACCES from `connect`, `listen` or `kill` is no file that could not be written.
 */
const WRITING_CALLS = new Set([...Object.keys(ACTIONS), 'write', 'writev', 'copyfile', 'link', 'symlink', 'fsync', 'fdatasync', 'ftruncate', 'truncate', 'chmod', 'utime', 'futime', 'rm']);

/** A write the file system refused: which file (null when the call did not say) and why. */
export interface WriteFailure {
  code: string;
  file: string | null;
  /** `written`, `opened`, `created`, `moved to OTHER`, `removed`. */
  action: string;
}

/** Why a file operation failed, in words for a one-line message: the reason for a known code, else the code or the message. */
export function writeProblemReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && REASONS[code]) return REASONS[code];
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** Whether a write failed for lack of room (a full disk, a used-up quota): space freed, it works again. */
export function isOutOfRoom(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * The write failure in `error`, or null. Only the error of a system call that writes counts (Node
 * sets `syscall`): an Error thrown by our code that merely carries such a code is a bug, not the disk.
 */
export function writeFailureOf(error: unknown): WriteFailure | null {
  const { code, syscall, path, dest } = (error ?? {}) as NodeJS.ErrnoException & { dest?: string };
  if (!(error instanceof Error) || typeof syscall !== 'string' || !WRITING_CALLS.has(syscall) || !code || !REASONS[code]) return null;
  const action = ACTIONS[syscall] ?? 'written';
  return { code, file: path ?? null, action: action === 'moved' && dest ? `moved to ${dest}` : action };
}

/** "FILE could not be written (no space left on the disk); free some space on that disk, then try again". */
export function describeWriteFailure(failure: WriteFailure): string {
  const what = failure.file ?? 'a file';
  return `${what} could not be ${failure.action} (${REASONS[failure.code]}); ${WHAT_TO_DO[failure.code]}`;
}
