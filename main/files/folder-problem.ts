import fs from 'node:fs';
import path from 'node:path';
import { makeFolder } from './make-folder.ts';
import { writeProblemReason } from './write-problem.ts';

/**
 * Creates a folder the user named (makeFolder) or throws one line: `what` it is ("the data
 * folder"), the path, the cause in words, and `remedy` ("choose another with --data-dir DIR").
 * Node's own words (`EEXIST: file already exists, mkdir …`) name neither the flag nor the cause.
 */
export function prepareFolder(dir: string, what: string, remedy: string): void {
  try {
    makeFolder(dir);
  } catch (error) {
    throw new Error(`${folderProblem(what, dir, error)}; ${remedy}`);
  }
}

/** Why makeFolder could not create `dir`, in words; `error` is what it threw. */
export function folderProblem(what: string, dir: string, error: unknown): string {
  const { code, path: level = path.resolve(dir) } = error as NodeJS.ErrnoException;
  if (code === 'EEXIST') {
    const dangling = danglingLinkTarget(level);
    if (level === path.resolve(dir)) return dangling === null ? `${what} ${dir} is a file, not a folder` : `${what} ${dir} is a link to ${dangling}, which does not exist`;
    if (dangling !== null) return `${what} ${dir} cannot be created: ${level} is a link to ${dangling}, which does not exist`;
  }
  // Windows answers ENOENT where POSIX says ENOTDIR: a file is the parent, not a file system that takes no folders.
  if (code === 'ENOTDIR' || code === 'ENOENT') {
    const file = fileOnThePath(dir);
    if (file) return `${what} ${dir} cannot be created: ${file} is a file, not a folder`;
  }
  // The level's parent is a folder (makeFolder made or found it) and still "missing": a file system that takes no folders, as /proc.
  if (code === 'ENOENT' && fs.statSync(path.dirname(level), { throwIfNoEntry: false })?.isDirectory()) return `cannot create ${what} ${dir} (${path.dirname(level)} does not take new folders)`;
  return `cannot create ${what} ${dir} (${writeProblemReason(error)})`;
}

/** Where a symbolic link at `at` points, when that is nowhere; null for anything else. */
function danglingLinkTarget(at: string): string | null {
  try {
    if (!fs.lstatSync(at).isSymbolicLink() || fs.existsSync(at)) return null;
    return fs.readlinkSync(at);
  } catch {
    return null;
  }
}

/** The nearest existing ancestor of `dir`, when it is a file (what ENOTDIR, on Windows ENOENT, complains of). */
function fileOnThePath(dir: string): string | null {
  for (let at = path.dirname(dir); at !== path.dirname(at); at = path.dirname(at)) {
    const stat = fs.statSync(at, { throwIfNoEntry: false });
    if (stat) return stat.isDirectory() ? null : at;
  }
  return null;
}
