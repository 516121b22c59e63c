import type { VerifyUnreadableFile } from '../../../../main/common/verify-types.ts';

/** What the Verify screen says above its contracts: after an upload, a verification, a failure. */
export interface VerifyNotice {
  /** `warn`: done, but not all of it (some files could not be read). */
  tone: 'ok' | 'warn' | 'error';
  text: string;
  details: string[];
}

/**
 * What an upload came to. Files the session could not read (a zip that does not open, JSON that
 * does not parse) are named with why, and make the notice a warning, or an error when nothing
 * else was added: never the plain "Added" of an upload that fully worked.
 */
export function uploadNotice(added: number, leftOutOfFolder: number, unreadable: readonly VerifyUnreadableFile[]): VerifyNotice {
  const folder = leftOutOfFolder > 0 ? ` (${leftOutOfFolder} other files of the folder left out)` : '';
  const addedText = `Added ${added} file${added === 1 ? '' : 's'}${folder}`;
  if (unreadable.length === 0) return { tone: 'ok', text: `${addedText}.`, details: [] };
  if (unreadable.length === 1 && added === 0) {
    const [file] = unreadable;
    return { tone: 'error', text: `Could not read ${file!.name}: ${file!.reason}. Nothing was added.`, details: [] };
  }
  const details = unreadable.map((file) => `${file.name}: ${file.reason}`);
  if (added === 0) return { tone: 'error', text: `Could not read any of these ${unreadable.length} files; nothing was added:`, details };
  const count = unreadable.length === 1 ? '1 file' : `${unreadable.length} files`;
  return { tone: 'warn', text: `${addedText}, but ${count} could not be read and ${unreadable.length === 1 ? 'was' : 'were'} left out:`, details };
}
