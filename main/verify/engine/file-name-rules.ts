/** Longest file name accepted; real project paths are far shorter. */
const MAX_FILE_NAME_LENGTH = 1024;

/**
 * What is wrong with the name of an uploaded file, or of a file inside an uploaded zip, as the
 * end of a sentence about it ("must be a relative path"); null when the name is acceptable.
 * Files never reach the disk, but names come back in answers and in the app, where an absolute
 * path, a ".." segment or a control character would mislead, or escape a folder on export.
 * "/" and "\" both count as separators: either one splits a path on some system. A name that
 * ends in a separator or a "." segment names a folder, not a file.
 */
export function fileNameProblem(path: string): string | null {
  if (path.length === 0 || path.length > MAX_FILE_NAME_LENGTH) return `must have 1 to ${MAX_FILE_NAME_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains control characters';
  if (path.startsWith('/') || path.startsWith('\\') || /^[a-zA-Z]:/.test(path)) return 'must be a relative path';
  const segments = path.split(/[\\/]/);
  if (segments.includes('..')) return 'must not contain ".." segments';
  if (segments.at(-1) === '' || segments.at(-1) === '.') return 'is not a file name';
  return null;
}

/**
 * An acceptable name (fileNameProblem) as its file is kept: "." and empty segments dropped, as
 * JSZip (and so Sourcify) drops them from a zip's names, so "./contracts//A.sol" and
 * "contracts/A.sol" are one file, and a check for a name given twice sees them as one. Never
 * empty: fileNameProblem refuses a name whose last segment is "" or ".". Backslashes stay, as there.
 */
export function normalisedFileName(path: string): string {
  return path.split('/').filter((segment) => segment !== '' && segment !== '.').join('/');
}

/**
 * A file name as FileNamesTaken took it: its path (normalised), and whether it repeats an earlier
 * one; `sentAs` then names both as sent, ` (as "./A.sol" and as "A.sol")`, or is "" when they are alike.
 */
export type TakenFileName = { path: string; repeats: null } | { path: string; repeats: { sentAs: string } };

/**
 * The names of one upload's files (or one zip's), each normalised (normalisedFileName), telling
 * when one repeats an earlier one, also once normalised: which of the two was meant cannot be
 * known, so the caller refuses the upload in its own words.
 */
export class FileNamesTaken {
  /** Normalised name → the name it was sent as. */
  readonly #sentAs = new Map<string, string>();

  take(name: string): TakenFileName {
    const path = normalisedFileName(name);
    const earlier = this.#sentAs.get(path);
    if (earlier !== undefined) {
      const sentAs = earlier === name ? '' : ` (as "${quotableName(earlier)}" and as "${quotableName(name)}")`;
      return { path, repeats: { sentAs } };
    }
    this.#sentAs.set(path, name);
    return { path, repeats: null };
  }
}

/** A name as an answer may quote it: control characters shown as "?", at most 120 characters. */
export function quotableName(path: string): string {
  // eslint-disable-next-line no-control-regex
  return path.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 120);
}
