/**
 * A second launch of the desktop app while one runs (same userData folder): Electron's
 * single-instance lock sends it to the running app, which only brings its window up. Its flags
 * cannot be applied there: ports, data folder and upstreams are fixed for a run, and a profile
 * switch is the user's to make in the app. So both say so: the second launch in its terminal,
 * the running app in its log and a notification, rather than ignoring `--network testnet` in
 * silence. They name the flags, never their values: a value may hold credentials (an RPC URL with
 * a password or an API key), and these words go to a log and a notification on screen. Plain (no
 * Electron), so the words are tested.
 */

/** What a second launch hands the running app (`requestSingleInstanceLock`'s additionalData). */
export interface SecondLaunchData {
  /** The names of the app's flags given (`--network`), without their values. */
  flags: string[];
}

/**
 * What a launch hands the running app should it be the second: its flags but `--user-data-dir`,
 * which it shares with the running app (that is what made it the second).
 */
export function secondLaunchData(given: readonly string[]): SecondLaunchData {
  return { flags: given.filter((flag) => flag !== '--user-data-dir') };
}

/** Bounds on what is taken from another process: a few flags of sane length. */
const MAX_FLAGS = 40;
const MAX_FLAG_LENGTH = 300;

/**
 * The names of the flags a second launch sent (its argv as Electron passes it on is not the same
 * list: Chromium may reorder it and add switches). Anything but a list of strings counts as none;
 * a flag sent with its value (`--network testnet`, as a launch of an older version sends them) is
 * cut to its name, so that no value is said.
 */
export function flagsOfSecondLaunch(data: unknown): string[] {
  const flags = typeof data === 'object' && data !== null ? (data as { flags?: unknown }).flags : undefined;
  if (!Array.isArray(flags)) return [];
  const names = flags.slice(0, MAX_FLAGS).filter((flag): flag is string => typeof flag === 'string').map((flag) => flag.slice(0, MAX_FLAG_LENGTH).split(/[\s=]/)[0]!);
  return [...new Set(names.filter((name) => /^--[\w-]+$/.test(name)))];
}

/** What to do instead; a network profile can also be picked in the running app. */
function howToApply(flags: readonly string[]): string {
  const switchHint = flags.includes('--network') ? ', or pick the network profile in its menu' : '';
  return `quit Mirrordesk first to start it with them${switchHint}`;
}

/** The line a second launch prints before it quits, in the terminal it was started from. */
export function alreadyRunningLine(flags: readonly string[]): string {
  const running = 'Mirrordesk is already running (for this user-data folder): its window is brought to the front';
  return flags.length === 0 ? running : `${running}; the flags given here (${flags.join(', ')}) are not applied to it: ${howToApply(flags)}`;
}

/** What the running app says when a second launch came with flags; null when it had none (it only wanted the window). */
export function secondLaunchNotice(flags: readonly string[]): { log: string; title: string; body: string } | null {
  if (flags.length === 0) return null;
  return {
    log: `a second launch came with ${flags.join(', ')}: not applied, the app is already running`,
    title: 'Mirrordesk is already running',
    body: `The flags of the second launch (${flags.join(', ')}) were not applied: ${howToApply(flags)}.`,
  };
}
