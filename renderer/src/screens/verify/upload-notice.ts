import type { VerifyUnreadableFile } from '../../../../main/common/verify-types.ts';
import { MAX_FILE_BYTES } from '../../lib/verify-files.ts';

/** What the Verify screen says above its contracts: after an upload, a verification, a failure. */
export interface VerifyNotice {
  /** `warn`: done, but not all of it (some files could not be read). */
  tone: 'ok' | 'warn' | 'error';
  text: string;
  details: string[];
}

/** What else an upload came to, beside the files added and those the session could not read. */
export interface UploadOutcome {
  /** Loose JSON files the session kept under a name of their own (another of that name was there). */
  renamed?: ReadonlyArray<{ name: string; as: string }>;
  /** Loose files that replaced an earlier file of that name with other content. */
  replaced?: readonly string[];
  /** Files not sent: each is larger than one call to the session takes. */
  tooLarge?: ReadonlyArray<{ name: string; bytes: number }>;
  /** Calls the session refused (full, say): why, and the files they carried. */
  refused?: ReadonlyArray<{ reason: string; names: readonly string[] }>;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1).replace(/\.0$/, '')} MiB`;
}

/** Why a file was not sent, as the screen says it (its limit is one call's, which holds the file whole). */
export function tooLargeLine(file: { name: string; bytes: number }): string {
  return `${file.name} is ${mib(file.bytes)}; the Verify screen takes files up to ${mib(MAX_FILE_BYTES)} each — use the verify API for larger`;
}

function listed(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/**
 * What an upload came to. Files left out (a zip that does not open, JSON that does not parse, a file
 * too large to send, a call the session refused) are named with why, and make the notice a warning,
 * or an error when nothing else was added: never the plain "Added" of an upload that fully worked.
 * A metadata file kept under another name, and a source that replaced another content of its name,
 * are said too: the user would otherwise expect the earlier file where it was.
 */
export function uploadNotice(added: number, leftOutOfFolder: number, unreadable: readonly VerifyUnreadableFile[], outcome: UploadOutcome = {}): VerifyNotice {
  const folder = leftOutOfFolder > 0 ? ` (${leftOutOfFolder} other files of the folder left out)` : '';
  const addedText = `Added ${added} file${added === 1 ? '' : 's'}${folder}`;
  const notes = [
    ...(outcome.renamed ?? []).map((r) => `${r.name} is kept as ${r.as}: the session holds another ${r.name}, whose contract stays`),
    ...(outcome.replaced ?? []).map((name) => `${name} replaced the earlier ${name}, which had other content`),
  ];
  const tooLarge = outcome.tooLarge ?? [];
  const refused = outcome.refused ?? [];
  const leftOut = unreadable.length + tooLarge.length + refused.reduce((n, r) => n + r.names.length, 0);
  if (leftOut === 0) return { tone: 'ok', text: `${addedText}.`, details: notes };
  const problems = [
    ...unreadable.map((file) => `${file.name}: ${file.reason}`),
    ...tooLarge.map(tooLargeLine),
    ...refused.map((r) => `${r.reason} (${listed(r.names)})`),
  ];
  const onlyUnreadable = unreadable.length === leftOut;
  if (leftOut === 1 && added === 0) {
    const [file] = unreadable;
    const text = file ? `Could not read ${file.name}: ${file.reason}. Nothing was added.` : `${problems[0]}. Nothing was added.`;
    return { tone: 'error', text, details: notes };
  }
  const details = [...problems, ...notes];
  if (added === 0) return { tone: 'error', text: `Could not ${onlyUnreadable ? 'read' : 'add'} any of these ${leftOut} files; nothing was added:`, details };
  const count = leftOut === 1 ? '1 file' : `${leftOut} files`;
  const why = onlyUnreadable ? ` could not be read and ${leftOut === 1 ? 'was' : 'were'}` : ` ${leftOut === 1 ? 'was' : 'were'}`;
  return { tone: 'warn', text: `${addedText}, but ${count}${why} left out:`, details };
}
