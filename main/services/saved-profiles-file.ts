/** A custom profile as `profiles.json` holds it. */
export interface StoredProfile {
  name: string;
  mirrorUrl: string;
  statusUrl: string | null;
  chainId: number | null;
}

/** `profiles.json` holds something the app cannot use as its list of profiles; `message` says what. */
export class UnreadableProfilesFile extends Error {}

/**
 * The profiles in the text of `profiles.json` (`{ "profiles": [ … ] }`). Throws
 * UnreadableProfilesFile when it is not JSON (a write cut short, a hand edit gone wrong) or not
 * that shape: a list the app would half understand is not guessed at.
 */
export function parseSavedProfiles(text: string): StoredProfile[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UnreadableProfilesFile(text.trim() === '' ? 'the file is empty' : (error as Error).message);
  }
  const list = (parsed as { profiles?: unknown } | null)?.profiles;
  if (!Array.isArray(list)) throw new UnreadableProfilesFile('it has no "profiles" list');
  return list.map((entry, index) => storedProfileOf(entry, index));
}

function storedProfileOf(entry: unknown, index: number): StoredProfile {
  const { name, mirrorUrl, statusUrl = null, chainId = null } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const valid = typeof name === 'string' && name !== '' && typeof mirrorUrl === 'string' && mirrorUrl !== ''
    && (statusUrl === null || typeof statusUrl === 'string') && (chainId === null || typeof chainId === 'number');
  if (!valid) throw new UnreadableProfilesFile(`profile ${index + 1} of its list is not a name with a mirror URL`);
  return { name, mirrorUrl, statusUrl, chainId };
}
