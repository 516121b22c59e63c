import { freeSpaceText } from '../../mirror/store/store-size.ts';

// What the Status screen (and a refused check or settings change) says of the status cache, the
// SQLite file that keeps a copy of the status page: the user's words for its failures, each
// naming the file, what still works, and what to do.

/** A write or read of the cache failed (SQLite's own error, not damage: a full disk above all). */
export function unusableCacheNote(error: Error & { code: string }, file: string): string {
  if (error.code === 'SQLITE_FULL') {
    const free = freeSpaceText(file);
    const room = free === null ? '' : `, ${free}`;
    return `The status cache cannot be written: the disk is full (${file}${room}). What it holds is still shown, and the status page is still checked; its news is stored again once there is room.`;
  }
  return `The status cache cannot be written (${error.message}, ${error.code}; ${file}). What it holds is still shown, and the status page is still checked; its news is stored again once the file can be written.`;
}

/** The cache was found damaged, moved to `setAside` (kept) and started afresh; null when it was in memory only. */
export function rebuiltCacheNote(reason: string, setAside: string | null): string {
  const moved = setAside === null ? '' : `: the damaged file was moved to ${setAside}`;
  return `The status cache was damaged (${reason}) and is rebuilt from the status page${moved}. Past incidents the page no longer lists, and the list of notifications shown, were lost with it.`;
}

/**
 * The cache was found damaged but could not be replaced by a new file: the app goes on with one in
 * memory. `marked`: the note that has the next start move it aside was written.
 */
export function inMemoryCacheNote(reason: string, file: string, why: string, marked: boolean): string {
  const next = marked ? 'It is moved aside when Mirrordesk next starts.' : `Quit Mirrordesk and move ${file} aside: a new one is then started.`;
  return `The status cache ${file} is damaged (${reason}) and could not be replaced by a new file (${why}), so the status is kept in memory until Mirrordesk quits. ${next}`;
}
