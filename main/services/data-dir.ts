import fs from 'node:fs';
import path from 'node:path';
import { writeProblemReason } from '../files/write-problem.ts';

/** How every refusal of a data folder ends: what to do instead. */
export const CHOOSE_ANOTHER = 'choose another with --data-dir DIR';

/**
 * Creates the data folder if it is missing and checks that this process can write in it, before
 * any store opens there: otherwise the first store to open fails with SQLite's or Node's words
 * (`unable to open database file`, `EEXIST … mkdir`), which name neither the folder nor the cause.
 * Throws one line that says which folder and what is wrong with it.
 */
export function prepareDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new Error(`${mkdirProblem(dir, error)}; ${CHOOSE_ANOTHER}`);
  }
  // SQLite needs the folder itself writable, also for a store that exists: its journal files are created beside it.
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write in the data folder ${dir} (${writeProblemReason(error)}), so the network profiles' stores cannot be created there; ${CHOOSE_ANOTHER}`);
  }
}

function mkdirProblem(dir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EEXIST') return `the data folder ${dir} is a file, not a folder`;
  if (code === 'ENOTDIR') {
    const file = fileOnThePath(dir);
    if (file) return `the data folder ${dir} cannot be created: ${file} is a file, not a folder`;
  }
  return `cannot create the data folder ${dir} (${writeProblemReason(code === 'ENOENT' ? firstLevelProblem(dir) ?? error : error)})`;
}

/**
 * Why the first missing folder on the way to `dir` cannot be created. A recursive mkdir under a
 * read-only or forbidden folder reports ENOENT (Node gives up on the level it could not make and
 * says the next one is missing); making that one level alone gets the real reason (EROFS, EACCES).
 */
function firstLevelProblem(dir: string): unknown {
  let missing = path.resolve(dir);
  while (path.dirname(missing) !== missing && !fs.existsSync(path.dirname(missing))) missing = path.dirname(missing);
  try {
    fs.mkdirSync(missing);
    // It could be made after all (a race): the level below is tried by the next start.
    fs.rmdirSync(missing);
    return null;
  } catch (error) {
    return error;
  }
}

/** The nearest existing ancestor of `dir`, when it is a file (what ENOTDIR complains of). */
function fileOnThePath(dir: string): string | null {
  for (let at = path.dirname(dir); at !== path.dirname(at); at = path.dirname(at)) {
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (stat) return stat.isDirectory() ? null : at;
  }
  return null;
}
