import { CUSTOM_PROFILE, findProfile } from './network-profiles.ts';

/**
 * Why a saved profile cannot be called `name`: a built-in's name, or `custom` (the one-off
 * `--upstream-mirror` profile); null when it can. Read by a save and by the reader of
 * `profiles.json` alike: two profiles of one name would be one to a switch and two to the menu.
 */
export function reservedNameReason(name: string): string | null {
  if (name === CUSTOM_PROFILE) return '"custom" is reserved for the profile given with --upstream-mirror';
  if (findProfile(name)) return `"${name}" is a built-in profile name`;
  return null;
}

/** reservedNameReason as the answer to a save: with what to do. */
export function reservedNameProblem(name: string): string | null {
  const reason = reservedNameReason(name);
  if (reason === null) return null;
  return `${reason}; ${name === CUSTOM_PROFILE ? 'choose another name' : 'choose another'}`;
}
