import fs from 'node:fs';
import path from 'node:path';
import type { CustomProfileInput } from '../common/profile-types.ts';
import { writeJsonFile } from '../files/write-json-file.ts';
import { CUSTOM_PROFILE, customProfile, findProfile, type NetworkProfile } from './network-profiles.ts';

/** The custom profiles the user saved, one JSON file in the data folder beside the stores. */
export const CUSTOM_PROFILES_FILE = 'profiles.json';

interface StoredProfile {
  name: string;
  mirrorUrl: string;
  statusUrl: string | null;
  chainId: number | null;
}

/** A request to save a profile that cannot be honoured (a name taken, the open profile). */
export class ProfileConflict extends Error {}

/**
 * Reads and writes `profiles.json`. Writes go to a temporary file renamed over the old one,
 * so a crash never leaves half a file; an unreadable file is reported, not silently emptied.
 */
export class CustomProfiles {
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = path.join(dataDir, CUSTOM_PROFILES_FILE);
  }

  list(): NetworkProfile[] {
    return this.#read().map((p) => customProfile(p.mirrorUrl, p.statusUrl, p.chainId, p.name));
  }

  find(name: string): NetworkProfile | undefined {
    return this.list().find((profile) => profile.name === name);
  }

  /** Adds a profile, or replaces `previousName` with it. `input` is validated already (validate-profile-request.ts). */
  save(input: CustomProfileInput): NetworkProfile {
    if (findProfile(input.name) || input.name === CUSTOM_PROFILE) throw new ProfileConflict(`"${input.name}" is a built-in profile name; choose another`);
    const stored = this.#read();
    const replacing = input.previousName ?? null;
    if (replacing !== null && !stored.some((p) => p.name === replacing)) throw new ProfileConflict(`there is no saved profile "${replacing}" to edit`);
    if (input.name !== replacing && stored.some((p) => p.name === input.name)) throw new ProfileConflict(`a profile named "${input.name}" exists already`);
    const next: StoredProfile = { name: input.name, mirrorUrl: input.mirrorUrl, statusUrl: input.statusUrl, chainId: input.chainId };
    const index = stored.findIndex((p) => p.name === replacing);
    if (index >= 0) stored[index] = next;
    else stored.push(next);
    this.#write(stored);
    return customProfile(next.mirrorUrl, next.statusUrl, next.chainId, next.name);
  }

  /** Forgets a profile; its database stays in the data folder (re-adding the same URL finds it). */
  delete(name: string): void {
    const stored = this.#read();
    if (!stored.some((p) => p.name === name)) throw new ProfileConflict(`there is no saved profile "${name}"`);
    this.#write(stored.filter((p) => p.name !== name));
  }

  #read(): StoredProfile[] {
    let text: string;
    try {
      text = fs.readFileSync(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const parsed = JSON.parse(text) as { profiles?: unknown };
    if (!Array.isArray(parsed.profiles)) throw new Error(`${this.#file} has no "profiles" list`);
    return parsed.profiles as StoredProfile[];
  }

  #write(profiles: StoredProfile[]): void {
    writeJsonFile(this.#file, { profiles });
  }
}
