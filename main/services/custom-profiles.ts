import fs from 'node:fs';
import path from 'node:path';
import type { CustomProfileInput } from '../common/profile-types.ts';
import { unreadableFileName } from '../files/unreadable-file-name.ts';
import { writeJsonFile } from '../files/write-json-file.ts';
import { moveStoreFiles, planStoreRename } from './profile-store-files.ts';
import { customProfile, type NetworkProfile } from './network-profiles.ts';
import { reservedNameProblem } from '../common/reserved-profile-names.ts';
import { parseSavedProfiles, sortSavedEntries, UnreadableProfilesFile, type LeftOutProfile, type StoredProfile } from './saved-profiles-file.ts';

/** The custom profiles the user saved, one JSON file in the data folder beside the stores. */
export const CUSTOM_PROFILES_FILE = 'profiles.json';

/** A `profiles.json` the app could not read, and where it was moved. */
export interface SetAsideProfiles {
  file: string;
  setAside: string;
  reason: string;
}

/** What the network menu says of a profiles file moved aside: what happened, where it is now, what to do. */
export function profilesFileNotice({ setAside, reason }: SetAsideProfiles): string {
  return `Your saved network profiles could not be read (${reason}). The file was moved to ${setAside} and the list starts empty: add the profiles again, or copy them from that file.`;
}

/**
 * What the network menu says of the entries of `profiles.json` left out (saved-profiles-file.ts):
 * each, why, and where to fix it. They stay in the file, the app's own writes included.
 */
export function leftOutNotice(file: string, leftOut: readonly LeftOutProfile[]): string {
  const each = leftOut.map(({ label, reason }) => `${label} (${reason})`).join('; ');
  return `Saved profiles left out of the list: ${each}. They stay in ${file} as they are: fix or remove them there.`;
}

/**
 * What the answer to a save or a removal says of entries of `profiles.json` it brought into the
 * list: each was left out for a name an earlier profile had, which that write renamed or removed.
 * Without it the menu would list another profile under the name just freed, unsaid.
 */
export function admittedNotice(file: string, names: readonly string[]): string {
  const one = names.length === 1;
  const each = names.map((name) => JSON.stringify(name)).join(', ');
  return `${each} from later in ${file} ${one ? 'is' : 'are'} now listed: ${one ? 'it was' : 'they were'} left out while an earlier profile had ${one ? 'its name' : 'their names'}.`;
}

/** A request to save a profile that cannot be honoured (a name taken, the open profile). */
export class ProfileConflict extends Error {}

function toProfile(stored: StoredProfile): NetworkProfile {
  return customProfile(stored.mirrorUrl, stored.statusUrl, stored.chainId, stored.name);
}

/**
 * Which file a stat describes: another after any write, the app's (a new file renamed over it) or
 * a hand edit, in place (as nano saves) or renamed over it. The change time (ctime) as well as the
 * modification time: the latter can be set back (`cp -p`, `touch -d`) and is coarse on some file
 * systems, and a same-size edit in place changes neither inode nor size.
 */
function versionOf(stat: fs.BigIntStats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/**
 * Reads and writes `profiles.json`. Writes go to a temporary file renamed over the old one, so a
 * crash never leaves half a file. A file that cannot be read (not JSON, not a list of profiles)
 * is moved aside as `profiles.json.unreadable-<time>`, as unreadable stores are, and said so in
 * the log and the network menu: the app starts with no custom profiles, and the user can add
 * profiles again, where an error at every call left the menu unusable. An entry that breaks a rule
 * a save keeps (a name twice, a built-in's name, an ftp:// URL) is left out, the others kept, said
 * the same way, and written back as it was with each write, for the user to fix by hand.
 * The app keeps one for the run (app-services.ts), shared by the network menu and the switch: it
 * remembers the list it last read or wrote, and which file that was, so that a call reads the
 * file again only when something else changed it (a hand edit), and what it moved aside.
 */
export class CustomProfiles {
  readonly #dataDir: string;
  readonly #file: string;
  readonly #log: (line: string) => void;
  #known: { profiles: readonly StoredProfile[]; version: string } | null = null;
  #setAside: SetAsideProfiles | null = null;
  /** The entries of the file last read or written that are left out of the list. */
  #leftOut: LeftOutProfile[] = [];
  /** The names of entries left out before that the last write brought into the list. */
  #admitted: string[] = [];

  constructor(dataDir: string, log: (line: string) => void = () => undefined) {
    this.#dataDir = dataDir;
    this.#file = path.join(dataDir, CUSTOM_PROFILES_FILE);
    this.#log = log;
  }

  /** The profiles file this run found unreadable and moved aside; null when there was none. */
  setAside(): SetAsideProfiles | null {
    return this.#setAside;
  }

  /** The file's entries left out of the list, as last read or written; none when all could be used. */
  leftOut(): { file: string; leftOut: readonly LeftOutProfile[] } {
    return { file: this.#file, leftOut: this.#leftOut };
  }

  /** The names of entries left out before that the last save or removal brought into the list (admittedNotice). */
  admittedByLastWrite(): readonly string[] {
    return this.#admitted;
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

  /** The saved list, a copy the caller may change: as remembered while the file is the one it came from. */
  #read(): StoredProfile[] {
    const version = this.#version();
    if (version === null) {
      this.#leftOut = [];
      return [];
    }
    if (this.#known?.version === version) return [...this.#known.profiles];
    this.#known = null;
    this.#leftOut = [];
    let text: string;
    try {
      text = fs.readFileSync(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let profiles: StoredProfile[];
    try {
      const parsed = parseSavedProfiles(text);
      profiles = parsed.profiles;
      this.#leftOut = parsed.leftOut;
    } catch (error) {
      if (!(error instanceof UnreadableProfilesFile)) throw error;
      this.#moveAside(error.message);
      return [];
    }
    for (const { label, reason } of this.#leftOut) this.#log(`${this.#file}: saved profile ${label} left out: ${reason}; it stays in the file, fix or remove it there`);
    // Remembered under the version seen before reading: a change in between is read again next time.
    this.#known = { profiles, version };
    return [...profiles];
  }

  /** Which file `profiles.json` is now (versionOf); null when there is none. */
  #version(): string | null {
    try {
      return versionOf(fs.statSync(this.#file, { bigint: true }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Moves the unreadable file out of the way, keeping it for the user; the next write starts a new one. */
  #moveAside(reason: string): void {
    const setAside = unreadableFileName(this.#file);
    try {
      fs.renameSync(this.#file, setAside);
    } catch (error) {
      throw new Error(`${this.#file} could not be read (${reason}), nor moved aside: ${(error as Error).message}`, { cause: error });
    }
    this.#setAside = { file: this.#file, setAside, reason };
    this.#log(`${this.#file} could not be read (${reason}); moved to ${setAside}, starting with no custom profiles`);
  }

  /**
   * The version remembered is the file written, as it was renamed into place: a stat of the path
   * after the rename would take a hand edit landing in between (an editor's file renamed over it)
   * for the app's own, never read, and overwritten by the next save.
   */
  #write(profiles: StoredProfile[]): void {
    // The entries left out go back as they were: the user fixes them by hand, or removes them.
    const entries = [...profiles, ...this.#leftOut.map(({ entry }) => entry)];
    const written = writeJsonFile(this.#file, { profiles: entries });
    // Sorted again: an entry left out for a name taken may be the only one of it now. The profiles
    // come first and all pass, so any beyond them is such an entry, listed from now on.
    const sorted = sortSavedEntries(entries);
    this.#leftOut = sorted.leftOut;
    this.#admitted = sorted.profiles.slice(profiles.length).map((profile) => profile.name);
    this.#known = written ? { profiles: sorted.profiles, version: versionOf(written) } : null;
  }
}
