import path from 'node:path';
import { splitFlag } from '../cli/flag-value.ts';
import { parseServeArgs, SERVE_FLAGS, type ServeArgs } from '../cli/serve-args.ts';
import { isElectronSwitch } from './electron-switches.ts';
import { meantFlag } from './mistyped-flag.ts';

/** `serve` flags the desktop app has no use for (it has no web UI): taken with their value and reported, not applied. */
const WEB_ONLY_FLAGS = new Set(['--ui-port']);
/** The `serve` flags that mean something to the desktop app: all of them but the web UI's. */
const DESKTOP_FLAGS = new Set(SERVE_FLAGS.filter((flag) => !WEB_ONLY_FLAGS.has(flag)));
/** Our own flag for a separate Electron profile (window state, single-instance lock); tests use it. */
const USER_DATA_FLAG = '--user-data-dir';
/** Every flag the desktop app takes from its command line. */
const APP_FLAGS: readonly string[] = [...SERVE_FLAGS, USER_DATA_FLAG];

export interface DesktopArgs {
  services: ServeArgs;
  /** Set only when given; otherwise Electron's default userData folder is used. */
  userDataDir: string | null;
  /** True when --data-dir was given, so the profiles folder is not derived from userData. */
  explicitDataDir: boolean;
  /** `serve` flags given that the desktop app does not apply, for the log. */
  ignored: string[];
  /**
   * The names of the app's flags given (`--network`), once each and without their values, which may
   * hold credentials (`--chain-rpc 296=https://user:password@…`): for a second launch to name.
   */
  given: string[];
  /** Every other argument, in order: the executable, the app path, Electron's and Chromium's switches, a mistyped flag. */
  unknown: string[];
}

/** One argument as read: an app flag with its value (`written` as given: one or two arguments), or anything else. */
interface ReadArg {
  name: string;
  written: string[];
  /** Null for an argument that is not the app's (Electron's, Chromium's, a mistyped flag). */
  value: string | null;
}

/**
 * The arguments in order, each app flag with its value (`--flag value` or `--flag=value`); throws
 * for an app flag without one. The one reading both parseDesktopArgs and argsForServe go by.
 */
function readArgs(argv: readonly string[]): ReadArg[] {
  const read: ReadArg[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = splitFlag(arg);
    if (name !== USER_DATA_FLAG && !DESKTOP_FLAGS.has(name) && !WEB_ONLY_FLAGS.has(name)) {
      read.push({ name, written: [arg], value: null });
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    read.push({ name, written: inline === undefined ? [arg, value] : [arg], value });
  }
  return read;
}

/**
 * Picks our flags out of Electron's argv, which also holds the executable, the app path and
 * whatever Chromium or a test harness adds (`--inspect=0`, `--remote-debugging-port=0`, ...).
 * Unknown arguments are skipped, not rejected (`unknown` lists them, for the log); the known ones
 * are parsed by `serve`'s own parser, so values are checked the same way in both shells.
 */
export function parseDesktopArgs(argv: readonly string[]): DesktopArgs {
  const picked: string[] = [];
  let userDataDir: string | null = null;
  const ignored: string[] = [];
  const given: string[] = [];
  const unknown: string[] = [];
  for (const { name, written, value } of readArgs(argv)) {
    if (value === null) {
      unknown.push(written[0]!);
      continue;
    }
    if (!given.includes(name)) given.push(name);
    if (name === USER_DATA_FLAG) userDataDir = path.resolve(value);
    else if (WEB_ONLY_FLAGS.has(name)) ignored.push(name);
    else picked.push(name, value);
  }
  return { services: parseServeArgs(picked, { webUi: false }), userDataDir, explicitDataDir: picked.includes('--data-dir'), ignored, given, unknown };
}

/**
 * `npm start`'s check of its arguments, before it looks for (and may download) Electron: the app's
 * flags with `serve`'s checks. Inside Electron an unknown argument can only be skipped (it may be
 * Chromium's), so a mistyped flag would start the app without it: one that looks like a typo of
 * an app flag (mistyped-flag.ts) is refused in `serve`'s words with the flag meant
 * (`unknown option --mirror-prot (did you mean --mirror-port?)`), and so is an argument that is
 * no flag at all (`testnet`), which the app takes none of. Every other flag goes on to Electron and
 * Chromium (`--no-sandbox`, `--disable-gpu`, `--ozone-platform=wayland`, the usual fixes for
 * Wayland and virtual machines), and the app names it in its log (unknownFlagsLine).
 * Throws an Error with the one-line message; it names a flag without its value.
 */
export function checkStartArgs(args: readonly string[]): void {
  for (const arg of parseDesktopArgs(args).unknown) {
    if (!isFlag(arg)) throw new Error(`unknown option ${arg}`);
    if (isElectronSwitch(arg)) continue;
    const meant = meantFlag(arg, APP_FLAGS);
    if (meant !== null) throw new Error(`unknown option ${splitFlag(arg)[0]} (did you mean ${meant}?)`);
  }
}

/**
 * The arguments for `serve` when `npm start` runs it in Electron's stead: without those only the
 * desktop shell takes (Electron's and Chromium's switches, `--user-data-dir`), which `serve` would
 * refuse as unknown options. `dropped` names them (without values) for the one line that says so.
 * Call after checkStartArgs: what is left unknown then is a switch, not a mistyped flag.
 */
export function argsForServe(args: readonly string[]): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const { name, written, value } of readArgs(args)) {
    if (value === null || name === USER_DATA_FLAG) dropped.push(name);
    else kept.push(...written);
  }
  return { kept, dropped };
}

/** `--x`, `--x=1`, and `-x` as Chromium also takes its switches; not `-` nor `--`, which are none. */
function isFlag(arg: string): boolean {
  return arg.startsWith('-') && arg !== '-' && arg !== '--';
}

/**
 * The log line for the flags of Electron's argv that are neither the app's nor switches Electron
 * documents: most likely a mistyped flag (`--mirror-prot`), left to Chromium, which ignores a
 * switch it does not know. Null when there are none.
 */
export function unknownFlagsLine(unknown: readonly string[]): string | null {
  const flags = unknown.filter((arg) => arg.startsWith('--') && arg !== '--' && !isElectronSwitch(arg));
  if (flags.length === 0) return null;
  const named = flags.map((flag) => splitFlag(flag)[0]).join(', ');
  const verb = flags.length === 1 ? 'is not a flag' : 'are not flags';
  return `${named} ${verb} of Mirrordesk and not used by the app (its flags: npm start -- --help); passed on to Chromium, which ignores switches it does not know`;
}

/** Profiles live next to Electron's own data, as `serve`'s default (`defaultDataDir`) expects. */
export function profilesDir(userData: string): string {
  return path.join(userData, 'profiles');
}
