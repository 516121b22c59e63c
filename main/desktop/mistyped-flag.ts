import { splitFlag } from '../cli/flag-value.ts';

/**
 * Tells a mistyped Mirrordesk flag (`--mirror-prot`) from a Chromium switch (`--disable-gpu`,
 * `--ozone-platform=wayland`) among the arguments `npm start` does not know. Chromium has hundreds
 * of switches and no complete list, so they cannot be checked against one; a flag close to one of
 * the app's own, or starting like it, is what a typo looks like.
 */

/** The most edits (a letter added, dropped, changed, or two swapped) a typo is taken to have. */
const MAX_TYPO_EDITS = 2;

/**
 * Starts of the app's flags that no Chromium switch is known to share, so anything starting so is
 * meant for the app (`--upstream-mirror-url`), however far from its flags. Not the app's starts
 * made of words as common as `--ui-`, `--sync-`, `--user-`, `--host-`, `--data-` or `--network-`:
 * Chromium's switches start so too (`--user-agent`, `--host-rules`, `--sync-url`).
 */
export const OWN_FLAG_PREFIXES: readonly string[] = ['--mirror-', '--verify-', '--status-', '--demo-', '--upstream-', '--chain-', '--solc-'];

/**
 * The app flag that `arg` (`--name`, `--name=value`, or with one dash) most likely was meant to
 * be; null when it looks like a switch of Chromium's instead.
 */
export function meantFlag(arg: string, appFlags: readonly string[]): string | null {
  const name = `--${splitFlag(arg)[0].replace(/^-+/, '').toLowerCase()}`;
  // Cut short at one of its dashes (`--user-data` for `--user-data-dir`): too far for a typo.
  const cutShort = appFlags.find((flag) => flag.startsWith(`${name}-`));
  if (cutShort !== undefined) return cutShort;
  const prefix = OWN_FLAG_PREFIXES.find((start) => name.startsWith(start));
  const candidates = prefix === undefined ? appFlags : appFlags.filter((flag) => flag.startsWith(prefix));
  let closest: { flag: string; edits: number } | null = null;
  for (const flag of candidates) {
    const edits = editDistance(name, flag);
    if (closest === null || edits < closest.edits) closest = { flag, edits };
  }
  if (closest === null) return null;
  return prefix !== undefined || closest.edits <= MAX_TYPO_EDITS ? closest.flag : null;
}

/** Edits from `a` to `b`, a swap of two neighbouring letters counting as one (`prot` → `port`). */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: edits from a's first i letters to b's first j.
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let edits = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) edits = Math.min(edits, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = edits;
    }
  }
  return rows[a.length]![b.length]!;
}
