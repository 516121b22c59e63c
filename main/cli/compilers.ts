/**
 * `npm run compilers -- <command>`: manage a compilers folder (solc-bin layout).
 *   list                          versions in the folder
 *   fetch VERSION...              from the npm registry's solc packages (integrity-checked)
 *   download LONG_VERSION...      from a solc-bin mirror (sha256 from its list.json)
 *   import FILE...                add soljson files; each is named by the version it reports
 * Options: --dir DIR (default: the app's data folder/compilers), --mirror URL, --registry URL.
 * Bad arguments: the usage and one line, exit 2; a folder it cannot use: one line, exit 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CompilerFolder } from '../verify/compilers/compiler-folder.ts';
import { DEFAULT_SOLC_BIN_MIRROR, fetchFromMirror } from '../verify/compilers/mirror-source.ts';
import { fetchFromNpm } from '../verify/compilers/npm-source.ts';
import { prepareCompilersFolder } from '../verify/compilers/prepare-compilers-folder.ts';
import { COMPILERS_USAGE, parseCompilersArgs, type CompilersArgs } from './compilers-args.ts';
import { asksForHelp } from './help.ts';
import { defaultDataDir } from './serve-args.ts';

async function main(argv: string[]): Promise<number> {
  if (asksForHelp(argv)) {
    console.log(`Lists, fetches, downloads or imports solc compilers for verification.\n${COMPILERS_USAGE}`);
    return 0;
  }
  let args: CompilersArgs;
  try {
    args = parseCompilersArgs(argv, path.join(defaultDataDir(), 'compilers'));
  } catch (error) {
    console.error(`${COMPILERS_USAGE}\n${(error as Error).message}`);
    return 2;
  }
  try {
    return await run(args);
  } catch (error) {
    console.error(`compilers: ${(error as Error).message}`);
    return 1;
  }
}

async function run({ command, items, dir, mirror, registry }: CompilersArgs): Promise<number> {
  if (command === 'list') {
    // Listing creates nothing: a missing folder has no compilers.
    if (fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false) throw new Error(`the compilers folder ${dir} is a file, not a folder; choose another with --dir DIR`);
    for (const version of new CompilerFolder(dir).versions()) console.log(version);
    return 0;
  }
  prepareCompilersFolder(dir, '--dir');
  const folder = new CompilerFolder(dir);
  const log = (line: string) => console.error(line);
  const progress = (label: string) => {
    let last = -1;
    return (received: number, total: number) => {
      const percent = total ? Math.floor((received / total) * 100) : -1;
      if (percent !== last && percent % 25 === 0) log(`${label}: ${percent}%`);
      last = percent;
    };
  };
  let failed = 0;
  const each = async (add: (item: string) => Promise<string>) => {
    for (const item of items) {
      try {
        console.log(`${item}: ${await add(item)}`);
      } catch (error) {
        failed++;
        console.log(`${item}: ${(error as Error).message}`);
      }
    }
  };
  if (command === 'fetch') await each((item) => fetchFromNpm(item, folder, { ...(registry ? { registry } : {}), log, onProgress: progress(item) }));
  if (command === 'download') await each((item) => fetchFromMirror(item, folder, mirror ?? DEFAULT_SOLC_BIN_MIRROR, progress(item)));
  if (command === 'import') await each((item) => folder.add(fs.readFileSync(item)));
  console.error(`compilers in ${folder.dir}: ${folder.versions().join(', ') || '(none)'}`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
