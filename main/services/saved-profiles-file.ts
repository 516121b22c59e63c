import { httpBaseUrl, isChainId, isProfileName, MIRROR_URL_EXAMPLE, STATUS_URL_EXAMPLE } from '../common/profile-rules.ts';
import { MAX_CHAIN_ID } from '../common/profile-types.ts';
import { reservedNameReason } from '../common/reserved-profile-names.ts';

/** A custom profile as `profiles.json` holds it. */
export interface StoredProfile {
  name: string;
  mirrorUrl: string;
  statusUrl: string | null;
  chainId: number | null;
}

/**
 * An entry of `profiles.json` the app cannot use as a profile: `label` names it (its name, or the
 * start of its JSON: its place in the list changes as the app writes it back), `reason` says why, and `entry` is the entry as it was, written back as it
 * was so that nothing the user wrote is lost before it is fixed by hand.
 */
export interface LeftOutProfile {
  label: string;
  reason: string;
  entry: unknown;
}

/** The profiles of `profiles.json` the app uses, and those it leaves out. */
export interface SavedProfiles {
  profiles: StoredProfile[];
  leftOut: LeftOutProfile[];
}

/** `profiles.json` holds something the app cannot use as its list of profiles; `message` says what. */
export class UnreadableProfilesFile extends Error {}

/** How much of a name the app would not take (or of a nameless entry's JSON) a notice repeats. */
const LABEL_CHARACTERS = 40;

/**
 * The profiles in the text of `profiles.json` (`{ "profiles": [ … ] }`). Throws
 * UnreadableProfilesFile when it is not JSON (a write cut short, a hand edit gone wrong) or has no
 * list: a list the app would half understand is not guessed at. An entry of the list that breaks
 * a rule a save keeps (sortSavedEntries) is left out, the others kept.
 */
export function parseSavedProfiles(text: string): SavedProfiles {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UnreadableProfilesFile(text.trim() === '' ? 'the file is empty' : (error as Error).message);
  }
  const list = (parsed as { profiles?: unknown } | null)?.profiles;
  if (!Array.isArray(list)) throw new UnreadableProfilesFile('it has no "profiles" list');
  return sortSavedEntries(list);
}

/**
 * The entries the app can use, by the rules a save over the bridge keeps (main/common/profile-rules.ts)
 * and names no other profile has: a hand edit, or a file of an older version, can hold a name
 * twice or a built-in's name, which the menu cannot list as two profiles nor a switch tell apart.
 * The first of a name is kept. URLs are kept as written: a store is keyed by its mirror URL.
 */
export function sortSavedEntries(entries: readonly unknown[]): SavedProfiles {
  const profiles: StoredProfile[] = [];
  const leftOut: LeftOutProfile[] = [];
  for (const entry of entries) {
    const name = (entry as { name?: unknown } | null)?.name;
    const label = typeof name === 'string' && name !== '' ? JSON.stringify(cut(name)) : `the entry ${excerpt(entry)}`;
    const judged = storedProfileOf(entry, profiles);
    if (typeof judged === 'string') leftOut.push({ label, reason: judged, entry });
    else profiles.push(judged);
  }
  return { profiles, leftOut };
}

/** The start of an entry's JSON, for one without a name to call it by. */
function excerpt(entry: unknown): string {
  return cut(JSON.stringify(entry) ?? String(entry));
}

/** `text` as a notice repeats it: its first LABEL_CHARACTERS, and "…" where it goes on. */
function cut(text: string): string {
  return text.length > LABEL_CHARACTERS ? `${text.slice(0, LABEL_CHARACTERS)}…` : text;
}

/** The entry as a profile, or why it cannot be one beside those kept before it. */
function storedProfileOf(entry: unknown, kept: readonly StoredProfile[]): StoredProfile | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'it is not a profile (an object with a "name" and a "mirrorUrl")';
  const { name, mirrorUrl, statusUrl = null, chainId = null } = entry as Record<string, unknown>;
  if (!isProfileName(name)) return 'its name must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)';
  const reserved = reservedNameReason(name);
  if (reserved !== null) return reserved;
  if (kept.some((profile) => profile.name === name)) return 'a profile earlier in the list has that name';
  const mirror = httpBaseUrl(mirrorUrl, MIRROR_URL_EXAMPLE);
  if (!mirror.ok) return `its mirror URL ${mirror.problem}`;
  const status = statusUrl === null ? null : httpBaseUrl(statusUrl, STATUS_URL_EXAMPLE);
  if (status !== null && !status.ok) return `its status page URL ${status.problem}`;
  if (chainId !== null && !isChainId(chainId)) return `its chain id must be a whole number from 1 to ${MAX_CHAIN_ID}`;
  return { name, mirrorUrl: mirrorUrl as string, statusUrl: statusUrl as string | null, chainId: chainId as number | null };
}
