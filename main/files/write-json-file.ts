import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `value` as indented JSON to `file` whole or not at all: to a temp file of its own, renamed
 * into place. A reader (another process: a parallel test file, the app and a CLI) never sees half
 * of it, and two writers never write into the same temp file. A write that fails (a full disk)
 * takes its temp file with it: nothing else would ever remove it.
 */
export function writeJsonFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
