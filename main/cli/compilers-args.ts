import path from 'node:path';
import { urlForMessage } from '../http/url-for-message.ts';
import { parseLongVersion } from '../verify/compilers/solc-version.ts';
import { flagValue, splitFlag } from './flag-value.ts';

export const COMPILERS_USAGE = 'usage: npm run compilers -- list|fetch|download|import [VERSION|FILE...] [--dir DIR] [--mirror URL] [--registry URL]';

/** What each command takes, for the refusal of one given none. */
const ITEMS = { list: null, fetch: 'VERSION', download: 'LONG_VERSION', import: 'FILE' } as const;
type Command = keyof typeof ITEMS;

export interface CompilersArgs {
  command: Command;
  /** Versions or files, as given. */
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
    options[flag.slice(2) as 'dir' | 'mirror' | 'registry'] = flag === '--dir' ? value : downloadUrl(flag, value);
  }
  const [command, ...items] = positional;
  if (command === undefined || !Object.hasOwn(ITEMS, command)) throw new Error(`unknown or missing command: ${command ?? '(none)'}`);
  const takes = ITEMS[command as Command];
  if (takes === null && items.length > 0) throw new Error(`${command} takes no VERSION or FILE, not "${items[0]}"`);
  if (takes !== null && items.length === 0) throw new Error(`${command} needs at least one ${takes}`);
  if (command === 'download') items.forEach(parseLongVersion);
  return { command: command as Command, items, dir: path.resolve(options.dir ?? defaultDir), ...(options.mirror ? { mirror: options.mirror } : {}), ...(options.registry ? { registry: options.registry } : {}) };
}

/**
 * A mirror or registry address: http(s), and no user name or password, which fetch refuses to send
 * and whose refusal would put them in the message.
 */
function downloadUrl(flag: string, text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Said below, with the rest.
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error(`${flag} must be an http(s) URL without a user name or password, not "${urlForMessage(text)}"`);
  }
  return text;
}
