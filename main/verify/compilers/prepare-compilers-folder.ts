import { prepareFolder } from '../../files/folder-problem.ts';

/**
 * Creates a compilers folder given on the command line (`serve --compilers DIR`, `compilers --dir
 * DIR`, `conformance verify --compilers DIR`) if it is missing, as `--data-dir` is, and refuses a
 * file or a path where no folder can be made with one line naming `flag`. Checked before anything
 * starts: otherwise serve ran on with only an ENOTDIR in its log, and the CLIs printed stacks.
 * Not checked for writing: a read-only folder of compilers is still one to compile with.
 */
export function prepareCompilersFolder(dir: string, flag: string): void {
  prepareFolder(dir, 'the compilers folder', `choose another with ${flag} DIR`);
}
