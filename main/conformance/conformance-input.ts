import fs from 'node:fs';

/**
 * What a conformance run was given cannot be run: a path that does not exist, a file where a
 * folder is wanted, a file that is not JSON, no case at all. `npm run conformance` says it in one
 * line and exits 2; every other error is a bug and keeps its stack.
 */
export class ConformanceInputError extends Error {
  override name = 'ConformanceInputError';
}

/** Whether `target` is a folder or a file; refuses one that does not exist. */
export function inputKind(target: string): 'folder' | 'file' {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) throw new ConformanceInputError(`${target} does not exist`);
  return stat.isDirectory() ? 'folder' : 'file';
}

/** The JSON in `file`, parsed by `parse`; refuses a file that cannot be read or is not JSON (an empty one included). */
export function readInputJson(file: string, parse: (text: string) => unknown = JSON.parse): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new ConformanceInputError(code === 'ENOENT' ? `${file} does not exist` : `cannot read ${file} (${code ?? (error as Error).message})`);
  }
  try {
    return parse(text);
  } catch (error) {
    throw new ConformanceInputError(`${file} is not JSON (${(error as Error).message})`);
  }
}
