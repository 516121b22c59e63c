import path from 'node:path';
import { ApiFailure } from '../bridge/api-error.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import type { ProfileList, ProfileSummary } from '../common/profile-types.ts';
import type { AppServicesOptions } from './app-services-types.ts';
import { admittedNotice, CUSTOM_PROFILES_FILE, CustomProfiles, leftOutNotice, ProfileConflict, profilesFileNotice } from './custom-profiles.ts';
import { reservedNameProblem } from '../common/reserved-profile-names.ts';
import { checkUpstreamMirror } from '../sync/upstream-check.ts';
import { describeWriteFailure, writeFailureOf } from '../files/write-problem.ts';
import { builtinProfiles, customProfile, type NetworkProfile } from './network-profiles.ts';
import { refuseOwnServiceUrls, type OwnServiceUrls } from './own-service-urls.ts';

type ProfileHandlers = Pick<ApiHandlers, 'network/profiles' | 'network/profiles/save' | 'network/profiles/delete' | 'network/profiles/check'>;
export type ProfileOptions = Pick<AppServicesOptions, 'dataDir' | 'upstreamMirror' | 'statusUpstream' | 'chainId'> & Partial<Pick<AppServicesOptions, 'log'>> & {
  /** The run's saved profiles, shared with the switch (app-services.ts); absent: these handlers keep their own. */
  savedProfiles?: CustomProfiles;
};

/** What the app is doing with a profile: open, about to be opened by a switch, or replaced a moment ago and still closing its files. */
export type ProfileUse = 'open' | 'opening' | 'closing';

/**
 * The `network/profiles*` channels: every profile one can switch to, and adding, editing and
 * removing custom ones (persisted in the data folder). The open profile, and one a switch is about
 * to open, cannot be edited or removed: its store and sync are (or are about to be) in use. One
 * still closing cannot be renamed: renaming moves its store files.
 */
export function createProfileHandlers(
  options: ProfileOptions | undefined,
  activeName: () => string,
  profileUse: (name: string) => ProfileUse | null = (name) => (name === activeName() ? 'open' : null),
  /** Told of each saved profile renamed, once its stores have moved: what else the app keeps by name follows. */
  onRenamed: (from: string, to: string) => void = () => undefined,
  /** Told of each saved profile removed: what else the app keeps by its name is let go. */
  onRemoved: (name: string) => void = () => undefined,
  /** Where the app's own services answer now: a profile may not sync from or watch them. */
  ownServices: () => OwnServiceUrls = () => ({ mirror: null, status: null, verify: null }),
): ProfileHandlers {
  const savedProfiles = options ? (options.savedProfiles ?? new CustomProfiles(options.dataDir, options.log)) : null;
  const saved = () => {
    if (!savedProfiles) throw new ApiFailure('unavailable', 'network profiles cannot be edited here');
    return savedProfiles;
  };
  /** The list; after a save or a removal (`written`), the notice also says which entries that write brought into it. */
  const list = (written = false): ProfileList => {
    const cli = options?.upstreamMirror ? [customProfile(options.upstreamMirror, options.statusUpstream ?? null, options.chainId ?? null)] : [];
    const custom = saved();
    const profiles = [
      ...builtinProfiles().map((p) => summary(p, 'builtin')),
      ...cli.map((p) => summary(p, 'cli')),
      ...custom.list().map((p) => summary(p, 'saved')),
    ];
    // Read after the list: reading it is what finds an unreadable file and moves it aside, or entries to leave out.
    const setAside = custom.setAside();
    const { file, leftOut } = custom.leftOut();
    const admitted = written ? custom.admittedByLastWrite() : [];
    const notices = [
      setAside === null ? null : profilesFileNotice(setAside),
      admitted.length === 0 ? null : admittedNotice(file, admitted),
      leftOut.length === 0 ? null : leftOutNotice(file, leftOut),
    ];
    return { active: activeName(), profiles, notice: notices.filter((notice) => notice !== null).join(' ') || null };
  };
  const guard = <T>(done: 'saved' | 'removed', work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof ProfileConflict) throw new ApiFailure('invalid-input', error.message);
      const refused = options ? profilesWriteFailure(error, options.dataDir) : null;
      if (refused) {
        options?.log?.(`network profiles: ${refused}`);
        throw new ApiFailure('unavailable', `The profile was not ${done}: ${refused}.`);
      }
      throw error;
    }
  };
  return {
    'network/profiles': () => list(),
    'network/profiles/save': (input) => {
      // The name first: adding "demo" while demo is open is refused for its name, not for demo being open.
      const reserved = reservedNameProblem(input.name);
      if (reserved !== null) throw new ApiFailure('invalid-input', reserved);
      refuseOwnServiceUrls(input, ownServices());
      const edited = input.previousName ?? input.name;
      const use = profileUse(edited);
      if (use === 'open' || use === 'opening') throw new ApiFailure('invalid-input', `${openOrOpening(edited, use)}; switch to another profile before editing it`);
      if (use === 'closing' && input.name !== edited) {
        throw new ApiFailure('unavailable', `"${edited}" is still closing its files after the switch away from it; rename it again in a few seconds`);
      }
      guard('saved', () => saved().save(input));
      if (input.name !== edited) onRenamed(edited, input.name);
      return list(true);
    },
    'network/profiles/delete': ({ name }) => {
      const use = profileUse(name);
      if (use === 'open' || use === 'opening') throw new ApiFailure('invalid-input', `${openOrOpening(name, use)}; switch to another profile before removing it`);
      guard('removed', () => saved().delete(name));
      onRemoved(name);
      return list(true);
    },
    // Asked from main: the renderer may not fetch other origins, and the sync would ask from here too.
    'network/profiles/check': ({ mirrorUrl }) => {
      // Asked, the app's own mirror API answers as a mirror node: what it is has to be said before.
      refuseOwnServiceUrls({ mirrorUrl, statusUrl: null }, ownServices());
      return checkUpstreamMirror(mirrorUrl);
    },
  };
}

/**
 * A write of the profiles file (or of a renamed profile's stores) the disk refused, in words: the
 * file and what to do; null for any other error. A write of the file goes through a temporary file
 * beside it and may not name a file at all (a full disk fails `write`): it is named as the profiles file.
 */
function profilesWriteFailure(error: unknown, dataDir: string): string | null {
  const failure = writeFailureOf(error);
  if (failure === null) return null;
  const profilesFile = path.join(dataDir, CUSTOM_PROFILES_FILE);
  const ofProfilesFile = failure.file === null || failure.file.startsWith(`${profilesFile}.`);
  return describeWriteFailure(ofProfilesFile ? { ...failure, file: profilesFile, action: 'written' } : failure);
}

/** `"x" is open`, or `"x" is being opened` while a switch to it runs. */
function openOrOpening(name: string, use: 'open' | 'opening'): string {
  return use === 'open' ? `"${name}" is open` : `"${name}" is being opened`;
}

function summary(profile: NetworkProfile, kind: ProfileSummary['kind']): ProfileSummary {
  return { name: profile.name, kind, source: profile.source, mirrorUrl: profile.mirrorUrl, statusUrl: profile.statusUrl, chainId: profile.chainId };
}
