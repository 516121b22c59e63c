/**
 * The names a saved profile cannot take: the built-in profiles' and `custom` (the one-off
 * `--upstream-mirror` profile). Two profiles of one name would be one to a switch and two to the
 * menu. Read by a save, by the reader of `profiles.json` and by the profile form alike.
 * Imported by main and renderer: no Node modules (main/services/network-profiles.ts, which defines
 * the profiles themselves, takes `custom` from here and is tested to name the same built-ins).
 */

/** The built-in profiles' names: the demo ledger and the public Hedera networks. */
export const BUILTIN_PROFILE_NAMES: readonly string[] = ['demo', 'mainnet', 'testnet', 'previewnet'];
/** The one-off profile `serve --network custom --upstream-mirror URL` runs. */
export const CUSTOM_PROFILE_NAME = 'custom';

/** Why a saved profile cannot be called `name`; null when it can. */
export function reservedNameReason(name: string): string | null {
  if (name === CUSTOM_PROFILE_NAME) return `"${CUSTOM_PROFILE_NAME}" is reserved for the profile given with --upstream-mirror`;
  if (BUILTIN_PROFILE_NAMES.includes(name)) return `"${name}" is a built-in profile name`;
  return null;
}

/** reservedNameReason as the answer to a save: with what to do. */
export function reservedNameProblem(name: string): string | null {
  const reason = reservedNameReason(name);
  if (reason === null) return null;
  return `${reason}; ${name === CUSTOM_PROFILE_NAME ? 'choose another name' : 'choose another'}`;
}
