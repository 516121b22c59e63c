/**
 * `npm run compilers -- <command>`: manage a compilers folder (solc-bin layout).
 *   list                          versions in the folder
 *   fetch VERSION...              from the npm registry's solc packages (integrity-checked)
 *   download LONG_VERSION...      from a solc-bin mirror (sha256 from its list.json)
 *   import FILE...                add soljson files; each is named by the version it reports
 * Options: --dir DIR (default: the app's data folder/compilers), --mirror URL, --registry URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CompilerFolder } from '../verify/compilers/compiler-folder.ts';
import { DEFAULT_SOLC_BIN_MIRROR, fetchFromMirror } from '../verify/compilers/mirror-source.ts';
import { fetchFromNpm } from '../verify/compilers/npm-source.ts';
import { asksForHelp } from './help.ts';
import { defaultDataDir } from './serve-args.ts';

const USAGE = `usage: npm run compilers -- list|fetch|download|import [VERSION|FILE...] [--dir DIR] [--mirror URL] [--registry URL]`;

async function main(argv: string[]): Promise<number> {
  if (asksForHelp(argv)) {
    console.log(`Lists, fetches, downloads or imports solc compilers for verification.\n${USAGE}`);
    return 0;
  }
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const value = argv[++i];
      if (!['--dir', '--mirror', '--registry'].includes(arg) || value === undefined) {
        console.error(`${USAGE}\nunknown option or missing value: ${arg}`);
        return 2;
      }
      options[arg.slice(2)] = value;
    } else positional.push(arg);
  }
  const [command, ...items] = positional;
  const folder = new CompilerFolder(path.resolve(options.dir ?? path.join(defaultDataDir(), 'compilers')));
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
  const each = async (run: (item: string) => Promise<string>) => {
    for (const item of items) {
      try {
        console.log(`${item}: ${await run(item)}`);
      } catch (error) {
        failed++;
        console.log(`${item}: ${(error as Error).message}`);
      }
    }
  };
  switch (command) {
    case 'list':
      for (const version of folder.versions()) console.log(version);
      return 0;
    case 'fetch':
      await each((item) => fetchFromNpm(item, folder, { ...(options.registry ? { registry: options.registry } : {}), log, onProgress: progress(item) }));
      break;
    case 'download':
      await each((item) => fetchFromMirror(item.replace(/^v/, ''), folder, options.mirror ?? DEFAULT_SOLC_BIN_MIRROR, progress(item)));
      break;
    case 'import':
      await each((item) => folder.add(fs.readFileSync(item)));
      break;
    default:
      console.error(`${USAGE}\nunknown or missing command: ${command ?? '(none)'}`);
      return 2;
  }
  console.error(`compilers in ${folder.dir}: ${folder.versions().join(', ') || '(none)'}`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
