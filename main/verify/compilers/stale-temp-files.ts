import fs from 'node:fs';
import path from 'node:path';

/**
 * How old a temp file must be before it counts as left behind. An add takes seconds; another
 * process (the app and the `compilers` CLI, parallel test files) may be in the middle of one in
 * the same folder, and its files must not be taken from under it.
 */
export const STALE_TEMP_AGE_MS = 10 * 60 * 1000;

/** A soljson being added (`.incoming-<hex>.js`) and list.json being written (`list.json.<hex>.tmp`). */
const TEMP_NAME = /^(?:\.incoming-[0-9a-f]+\.js|list\.json\.[0-9a-f]+\.tmp)$/;

/**
 * Removes the temp files an add left in `dir` when it could not clean up after itself (the app
 * killed mid-add, a disk full at the wrong moment): a soljson is megabytes, and hidden. Returns
 * the names removed. A file that cannot be looked at or removed is left for the next time.
 */
export function sweepStaleTempFiles(dir: string, now: number = Date.now()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((entry) => TEMP_NAME.test(entry))) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs < STALE_TEMP_AGE_MS) continue;
      fs.rmSync(file, { force: true });
      removed.push(name);
    } catch {
      // Gone already (another process swept it), or not ours to remove.
    }
  }
  return removed;
}
