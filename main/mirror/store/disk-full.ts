import path from 'node:path';
import { isOutOfRoom } from '../../files/write-problem.ts';
import { isSqliteError } from './sqlite-error.ts';
import { diskFreeBytes, freeSpaceText } from './store-size.ts';

/**
 * Less room than this left where a store lives, and an I/O error writing it is the disk being
 * full: SQLite reports a `-shm` file it cannot extend (pwrite ENOSPC) as SQLITE_IOERR, "disk I/O
 * error", not as SQLITE_FULL. A little above 0, for a disk that keeps a few blocks back.
 */
const NEARLY_FULL_BYTES = 64 * 1024;

/**
 * Whether `error`, met writing (or opening) the store `file`, comes of its disk being full:
 * SQLite's SQLITE_FULL, a file system's ENOSPC or EDQUOT, or SQLite's I/O error while the disk
 * under `file` has next to no room left.
 */
export function isDiskFullError(error: unknown, file: string): boolean {
  if (isOutOfRoom(error)) return true;
  if (!isSqliteError(error)) return false;
  if (error.code === 'SQLITE_FULL') return true;
  if (!error.code.startsWith('SQLITE_IOERR') || file === ':memory:') return false;
  const free = diskFreeBytes(file);
  return free !== null && free < NEARLY_FULL_BYTES;
}

/**
 * "the disk is full (0 KiB free in /data)": the words of every full-disk message about a store,
 * with the room left where `file` lives (as the sync's, status and verification messages give it).
 */
export function diskFullText(file: string): string {
  const room = file === ':memory:' ? null : freeSpaceText(file);
  return `the disk is full (${room ?? `in ${path.dirname(file)}`})`;
}
