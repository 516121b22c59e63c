import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeFolder } from './make-folder.ts';

/**
 * Writes `value` as indented JSON to `file` whole or not at all: to a temp file of its own, renamed
 * into place. A reader (another process: a parallel test file, the app and a CLI) never sees half
 * of it, and two writers never write into the same temp file. A write that fails (a full disk)
 * takes its temp file with it: nothing else would ever remove it.
 *
 * Returns what the written file is as it was renamed into place (read through the descriptor that
 * wrote it, so never a file someone else put there since), for a caller that tells its own write
 * from a later edit; null when it was written into since (its size or modification time changed
 * across the rename): what is there now is not only what was written.
 */
export function writeJsonFile(file: string, value: unknown): fs.BigIntStats | null {
  makeFolder(path.dirname(file));
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  let fd: number | null = null;
  let placed = false;
  try {
    fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
    fd = fs.openSync(temp, 'r');
    const written = fs.fstatSync(fd, { bigint: true });
    fs.renameSync(temp, file);
    placed = true;
    // The rename changes the file's change time (ctime) alone: any other change is another writer's.
    const renamed = fs.fstatSync(fd, { bigint: true });
    return renamed.size === written.size && renamed.mtimeNs === written.mtimeNs ? renamed : null;
  } finally {
    // Closed first: Windows removes no file that is still open.
    if (fd !== null) fs.closeSync(fd);
    if (!placed) fs.rmSync(temp, { force: true });
  }
}
