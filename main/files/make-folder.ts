import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates `dir` and the folders missing above it, one level at a time. Not `fs.mkdirSync(dir,
 * { recursive: true })`: under /proc that never returns (procfs answers a new folder with ENOENT,
 * and Node's recursive mkdir takes that for a missing parent, finds the parent there and tries
 * again, for good, at full CPU). One level at a time, each refusal is the system's own for the
 * level it names (its `path`): EROFS or EACCES where a recursive mkdir reports ENOENT, EEXIST for
 * `dir` itself being a file (or a link to nowhere), ENOTDIR for a file on the way. An existing
 * folder is left as it is.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) {
    missing.unshift(at);
    at = path.dirname(at);
  }
  // `dir` itself is there: a folder passes; a file is refused by mkdir, as a recursive one refuses it.
  if (missing.length === 0 && !isFolder(at)) missing.push(at);
  for (const level of missing) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      // Made meanwhile by another process (two starts at once): as good as made here.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !isFolder(level)) throw error;
    }
  }
}

function isFolder(at: string): boolean {
  return fs.statSync(at, { throwIfNoEntry: false })?.isDirectory() === true;
}
