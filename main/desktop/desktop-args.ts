import path from 'node:path';
import { parseServeArgs, SERVE_FLAGS, type ServeArgs } from '../cli/serve-args.ts';

/** `serve` flags the desktop app has no use for (it has no web UI): taken with their value and reported, not applied. */
const WEB_ONLY_FLAGS = new Set(['--ui-port']);
/** The `serve` flags that mean something to the desktop app: all of them but the web UI's. */
const DESKTOP_FLAGS = new Set(SERVE_FLAGS.filter((flag) => !WEB_ONLY_FLAGS.has(flag)));
/** Our own flag for a separate Electron profile (window state, single-instance lock); tests use it. */
const USER_DATA_FLAG = '--user-data-dir';

export interface DesktopArgs {
  services: ServeArgs;
  /** Set only when given; otherwise Electron's default userData folder is used. */
  userDataDir: string | null;
  /** True when --data-dir was given, so the profiles folder is not derived from userData. */
  explicitDataDir: boolean;
  /** `serve` flags given that the desktop app does not apply, for the log. */
  ignored: string[];
}

/**
 * Picks our flags out of Electron's argv, which also holds the executable, the app path and
 * whatever Chromium or a test harness adds (`--inspect=0`, `--remote-debugging-port=0`, ...).
 * Unknown arguments are skipped, not rejected; the known ones are parsed by `serve`'s own parser,
 * so values are checked the same way in both shells.
 */
export function parseDesktopArgs(argv: readonly string[]): DesktopArgs {
  const picked: string[] = [];
  let userDataDir: string | null = null;
  const ignored: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (name !== USER_DATA_FLAG && !DESKTOP_FLAGS.has(name) && !WEB_ONLY_FLAGS.has(name)) continue;
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    if (name === USER_DATA_FLAG) userDataDir = path.resolve(value);
    else if (WEB_ONLY_FLAGS.has(name)) ignored.push(name);
    else picked.push(name, value);
  }
  return { services: parseServeArgs(picked, { webUi: false }), userDataDir, explicitDataDir: picked.includes('--data-dir'), ignored };
}

/** Profiles live next to Electron's own data, as `serve`'s default (`defaultDataDir`) expects. */
export function profilesDir(userData: string): string {
  return path.join(userData, 'profiles');
}
