import path from 'node:path';
import { repeatLimitedLog, type RepeatLimitedLog } from '../../http/repeat-limited-log.ts';
import { markStoreDamaged } from '../../mirror/store/open-or-set-aside.ts';
import { isDamagedStoreError, isSqliteError } from '../../mirror/store/sqlite-error.ts';
import { freeSpaceText } from '../../mirror/store/store-size.ts';
import { VerifyError } from '../engine/verify-error.ts';

/**
 * The verification database could not be used: damaged (`store_damaged`) or its disk full
 * (`store_full`). Not the request's fault, nor the contract's: a 503 on every route, whose message
 * names the file and says what to do.
 */
export class VerifyDbError extends VerifyError {
  constructor(kind: 'store_damaged' | 'store_full', message: string) {
    super(kind, message);
    this.name = 'VerifyDbError';
  }
}

/**
 * What the verification database's own failures come to, in one place for every route, job and
 * app channel. Damage (a page SQLite finds corrupt, which opening the file cannot see) is handled
 * as the ledger's is (`main/services/store-damage.ts`): the file is marked so that the next start
 * moves it aside (never deletes it: it holds the contracts the user verified) and starts a new
 * one, one line is logged, and from then on every answer that meets it says so, as does every
 * write: nothing more is stored in a file the next start sets aside. A full disk is said as such,
 * with the room left, where it was a 500 "unexpected error".
 */
export class VerifyDbHealth {
  readonly file: string;
  readonly #log: (line: string) => void;
  /** A full disk fails every write while it lasts: one line a minute says so. */
  readonly #logRepeated: RepeatLimitedLog;
  #damage: VerifyDbError | null = null;

  constructor(file: string, log: (line: string) => void) {
    this.file = file;
    this.#log = log;
    this.#logRepeated = repeatLimitedLog(log);
  }

  /** The damage found so far; null while none was. */
  get damage(): VerifyDbError | null {
    return this.#damage;
  }

  /** Throws the damage once found: what is stored now would not be in the new file the next start opens. */
  requireUndamaged(): void {
    if (this.#damage) throw this.#damage;
  }

  /**
   * `error` as the answer to give when it is the database's failure (damaged, or its disk full),
   * the damage marked and logged the first time; null for any other error. Only errors of this
   * database may be given: the ledger's reach the verification wrapped (lib-sourcify's
   * "cannot fetch bytecode"), and the app's channels that read the ledger keep those reads out.
   */
  failureOf(error: unknown): VerifyDbError | null {
    if (error instanceof VerifyDbError) return error;
    if (isDamagedStoreError(error)) return this.#damaged(error.message);
    if (isSqliteError(error) && error.code === 'SQLITE_FULL') {
      const room = roomLeft(this.file);
      this.#logRepeated(error.code, `verify: the verification database ${this.file} cannot be written: ${error.message} (${room})`);
      return new VerifyDbError('store_full', `The disk is full: the verification database ${this.file} cannot be written (${error.message}; ${room}). Free some space on that disk and try again.`);
    }
    return null;
  }

  #damaged(reason: string): VerifyDbError {
    if (this.#damage) return this.#damage;
    // The one answer for as long as this run lasts: the file cannot be mended while it is open.
    this.#damage = new VerifyDbError('store_damaged', this.#markDamaged(reason));
    return this.#damage;
  }

  /** Marks the file to be set aside at the next start; returns what the user is told. */
  #markDamaged(reason: string): string {
    const file = this.file;
    const recover = 'Contracts verified before are not in the new one: "sqlite3 <moved file> .recover" may get them back from the moved file.';
    try {
      // A throw-away database has no file to set aside: a restart starts a new one anyway.
      if (file !== ':memory:') markStoreDamaged(file, reason);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.#log(`verify: the verification database ${file} is damaged (${reason}), and it could not be marked to be moved aside (${why})`);
      return `The verification database ${file} is damaged (${reason}) and could not be marked to be moved aside (${why}). `
        + `Quit Mirrordesk and move ${file} aside, with its -wal and -shm files if there are any: a new, empty one is started at the next start. ${recover}`;
    }
    this.#log(`verify: the verification database ${file} is damaged (${reason}); it is moved aside when Mirrordesk next starts`);
    return `The verification database ${file} is damaged (${reason}). Restart Mirrordesk: the damaged file is then moved to ${file}.unreadable-<time> `
      + `(kept, not deleted) and a new, empty one is started. ${recover}`;
  }
}

/** Space left for an unprivileged writer where the file lives: "1.2 GiB free in /data". */
function roomLeft(file: string): string {
  const folder = path.dirname(file);
  return (file === ':memory:' ? null : freeSpaceText(file)) ?? `in ${folder}`;
}
