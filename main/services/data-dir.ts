import fs from 'node:fs';
import { prepareFolder } from '../files/folder-problem.ts';
import { writeProblemReason } from '../files/write-problem.ts';

/** How every refusal of a data folder ends: what to do instead. */
export const CHOOSE_ANOTHER = 'choose another with --data-dir DIR';

/**
 * Creates the data folder if it is missing and checks that this process can write in it, before
 * any store opens there: otherwise the first store to open fails with SQLite's or Node's words
 * (`unable to open database file`, `EEXIST … mkdir`), which name neither the folder nor the cause.
 * Throws one line that says which folder and what is wrong with it (folder-problem.ts).
 */
export function prepareDataDir(dir: string): void {
  prepareFolder(dir, 'the data folder', CHOOSE_ANOTHER);
  // SQLite needs the folder itself writable, also for a store that exists: its journal files are created beside it.
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write in the data folder ${dir} (${writeProblemReason(error)}), so the network profiles' stores cannot be created there; ${CHOOSE_ANOTHER}`);
  }
}
