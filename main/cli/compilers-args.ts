import path from 'node:path';
import { DEFAULT_SOLC_BIN_MIRROR } from '../verify/compilers/mirror-source.ts';
import { DEFAULT_NPM_REGISTRY } from '../verify/compilers/npm-source.ts';
import { parseLongVersion } from '../verify/compilers/solc-version.ts';
import { downloadUrl } from '../verify/verify-args.ts';
import { readFlags } from './flag-value.ts';

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
  const { values, positional } = readFlags(argv, {
    values: ['--dir', '--mirror', '--registry'],
    check: (flag, value) => (flag === '--dir' ? value : downloadUrl(flag, value, flag === '--mirror' ? DEFAULT_SOLC_BIN_MIRROR : DEFAULT_NPM_REGISTRY)),
  });
  const mirror = values.get('--mirror');
  const registry = values.get('--registry');
  const [command, ...items] = positional;
  if (command === undefined || !Object.hasOwn(ITEMS, command)) throw new Error(`unknown or missing command: ${command ?? '(none)'}`);
  const takes = ITEMS[command as Command];
  if (takes === null && items.length > 0) throw new Error(`${command} takes no VERSION or FILE, not "${items[0]}"`);
  if (takes !== null && items.length === 0) throw new Error(`${command} needs at least one ${takes}`);
  // The version checked is the one downloaded: ` 0.8.4+commit.c7e474f2` passed the check and then was "not listed".
  const checked = command === 'download' ? items.map(parseLongVersion) : items;
  return { command: command as Command, items: checked, dir: path.resolve(values.get('--dir') ?? defaultDir), ...(mirror ? { mirror } : {}), ...(registry ? { registry } : {}) };
}

