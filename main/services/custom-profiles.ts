import fs from 'node:fs';
import path from 'node:path';
import type { CustomProfileInput } from '../common/profile-types.ts';
import { writeJsonFile } from '../files/write-json-file.ts';
import { moveStoreFiles, planStoreRename } from './profile-store-files.ts';
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

/** Why a saved profile cannot be called `name` (a built-in's name, or `custom`); null when it can. */
export function reservedNameProblem(name: string): string | null {
  if (name === CUSTOM_PROFILE) return '"custom" is reserved for the profile given with --upstream-mirror; choose another name';
  if (findProfile(name)) return `"${name}" is a built-in profile name; choose another`;
  return null;
}

function toProfile(stored: StoredProfile): NetworkProfile {
  return customProfile(stored.mirrorUrl, stored.statusUrl, stored.chainId, stored.name);
}

/**
 * Reads and writes `profiles.json`. Writes go to a temporary file renamed over the old one,
 * so a crash never leaves half a file; an unreadable file is reported, not silently emptied.
 */
export class CustomProfiles {
  readonly #dataDir: string;
  readonly #file: string;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
    this.#file = path.join(dataDir, CUSTOM_PROFILES_FILE);
  }

  list(): NetworkProfile[] {
    return this.#read().map(toProfile);
  }

  find(name: string): NetworkProfile | undefined {
    return this.list().find((profile) => profile.name === name);
  }

  /**
   * Adds a profile, or replaces `previousName` with it. `input` is validated already
   * (validate-profile-request.ts). A renamed profile takes its stores along (profile-store-files.ts):
   * they are renamed first and put back if the list cannot be written, so a crash in between
   * leaves them under the new name, where saving the same rename again finds them. The profile
   * must not be open, nor still closing: its files are renamed under it.
   */
  save(input: CustomProfileInput): NetworkProfile {
    const reserved = reservedNameProblem(input.name);
    if (reserved !== null) throw new ProfileConflict(reserved);
    const stored = this.#read();
    const replacing = input.previousName ?? null;
    const index = stored.findIndex((p) => p.name === replacing);
    if (replacing !== null && index < 0) throw new ProfileConflict(`there is no saved profile "${replacing}" to edit`);
    if (input.name !== replacing && stored.some((p) => p.name === input.name)) throw new ProfileConflict(`a profile named "${input.name}" exists already`);
    const next: StoredProfile = { name: input.name, mirrorUrl: input.mirrorUrl, statusUrl: input.statusUrl, chainId: input.chainId };
    const undoMoves = index >= 0 && replacing !== next.name ? this.#moveStores(stored[index]!, next) : () => undefined;
    if (index >= 0) stored[index] = next;
    else stored.push(next);
    try {
      this.#write(stored);
    } catch (error) {
      undoMoves();
      throw error;
    }
    return toProfile(next);
  }

  /** Renames `from`'s stores for `to`; refused, nothing moved, when a file of the new name is there already. */
  #moveStores(from: StoredProfile, to: StoredProfile): () => void {
    const plan = planStoreRename(toProfile(from), toProfile(to), this.#dataDir);
    if (plan.taken.length > 0) {
      const [it, file] = plan.taken.length === 1 ? ['it', 'that file'] : ['them', 'those files'];
      throw new ProfileConflict(`"${from.name}" was not renamed: the data folder holds ${plan.taken.join(', ')} already, from an earlier profile named "${to.name}", and renaming would overwrite ${it}; choose another name, or move ${file} out of the data folder first`);
    }
    return moveStoreFiles(plan.moves);
  }

  /**
   * Forgets a profile; its stores stay in the data folder, named by it and its mirror URL: a
   * profile added again with the same name and mirror URL finds them.
   */
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
