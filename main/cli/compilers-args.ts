import path from 'node:path';
import { httpBaseUrl } from '../common/profile-rules.ts';
import { DEFAULT_SOLC_BIN_MIRROR } from '../verify/compilers/mirror-source.ts';
import { DEFAULT_NPM_REGISTRY } from '../verify/compilers/npm-source.ts';
import { parseLongVersion } from '../verify/compilers/solc-version.ts';
import { flagValue, splitFlag } from './flag-value.ts';

export const COMPILERS_USAGE = 'usage: npm run compilers -- list|fetch|download|import [VERSION|FILE...] [--dir DIR] [--mirror URL] [--registry URL]';

/** What each command takes, for the refusal of one given none. */
const ITEMS = { list: null, fetch: 'VERSION', download: 'LONG_VERSION', import: 'FILE' } as const;
type Command = keyof typeof ITEMS;

export interface CompilersArgs {
  command: Command;
  /** Versions or files, as given; `download`'s long versions as they are checked (no `v`, no spaces). */
  items: string[];
  /** The compilers folder, resolved. */
  dir: string;
  mirror?: string;
  registry?: string;
}

/**
 * Reads `npm run compilers` arguments; throws a one-line message on bad input, before anything
 * touches the folder or the network: `download abc` went to the mirror to find out that `abc` is
 * no version, and `import` with no file exited 0 having done nothing.
 */
export function parseCompilersArgs(argv: readonly string[], defaultDir: string): CompilersArgs {
  const options: { dir?: string; mirror?: string; registry?: string } = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [flag, inline] = splitFlag(arg);
    if (flag !== '--dir' && flag !== '--mirror' && flag !== '--registry') throw new Error(`unknown option ${flag}`);
    const value = flagValue(flag, inline ?? argv[++i]);
    options[flag.slice(2) as 'dir' | 'mirror' | 'registry'] = flag === '--dir' ? value : downloadUrl(flag, value, flag === '--mirror' ? DEFAULT_SOLC_BIN_MIRROR : DEFAULT_NPM_REGISTRY);
  }
  const [command, ...items] = positional;
  if (command === undefined || !Object.hasOwn(ITEMS, command)) throw new Error(`unknown or missing command: ${command ?? '(none)'}`);
  const takes = ITEMS[command as Command];
  if (takes === null && items.length > 0) throw new Error(`${command} takes no VERSION or FILE, not "${items[0]}"`);
  if (takes !== null && items.length === 0) throw new Error(`${command} needs at least one ${takes}`);
  // The version checked is the one downloaded: ` 0.8.4+commit.c7e474f2` passed the check and then was "not listed".
  const checked = command === 'download' ? items.map(parseLongVersion) : items;
  return { command: command as Command, items: checked, dir: path.resolve(options.dir ?? defaultDir), ...(options.mirror ? { mirror: options.mirror } : {}), ...(options.registry ? { registry: options.registry } : {}) };
}

/**
 * A mirror or registry address: an http(s) base URL (httpBaseUrl), as paths are put after it. No
 * user name or password, which fetch refuses to send; no query or fragment, which `list.json` would
 * have been put after (`?token=s/list.json`). The refusal does not repeat the value, which may hold
 * a key.
 */
function downloadUrl(flag: string, text: string, example: string): string {
  const checked = httpBaseUrl(text, example);
  if (!checked.ok) throw new Error(`${flag} ${checked.problem}`);
  return checked.url;
}
