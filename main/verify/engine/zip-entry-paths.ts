import { FileNamesTaken, fileNameProblem, quotableName } from './file-name-rules.ts';
import { VerifyError } from './verify-error.ts';

/** A zip refused for the name of one of its files (400), naming the zip and the file. */
export class ZipEntryNameError extends VerifyError {
  /** Why, said of the zip ("it holds … twice"), for a caller that names the zip itself. */
  readonly reason: string;

  constructor(zipPath: string, reason: string) {
    super('bad_request', `${zipPath}: ${reason}`);
    this.name = 'ZipEntryNameError';
    this.reason = reason;
  }
}

/**
 * The paths the files of a zip are taken under, in order, from their names as the zip lists
 * them; checked before anything is inflated. "." and empty segments are dropped, as JSZip (and
 * so Sourcify) drops them (normalisedFileName): "./contracts//A.sol" is "contracts/A.sol".
 *
 * A name the upload rules refuse (fileNameProblem: an absolute path, a ".." segment, a control
 * character) refuses the zip, naming the file, where JSZip would quietly make another name of it
 * ("../../A.sol" becomes "A.sol"); so does a path given twice (also once normalised), where JSZip
 * keeps the last content: which of the two was meant cannot be known, and a silent pick would
 * leave the other one's contract "missing" sources for no visible reason.
 */
export function zipEntryPaths(zipPath: string, names: readonly string[]): string[] {
  const taken = new FileNamesTaken();
  return names.map((name) => {
    const problem = fileNameProblem(name);
    if (problem !== null) throw new ZipEntryNameError(zipPath, `the name of its file "${quotableName(name)}" ${problem}`);
    const { path, repeats } = taken.take(name);
    if (repeats !== null) throw new ZipEntryNameError(zipPath, `it holds "${quotableName(path)}" twice${repeats.sentAs}: give each file once`);
    return path;
  });
}
