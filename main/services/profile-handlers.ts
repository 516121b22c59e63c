import { ApiFailure } from '../bridge/api-error.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import type { ProfileList, ProfileSummary } from '../common/profile-types.ts';
import type { AppServicesOptions } from './app-services-types.ts';
import { CustomProfiles, ProfileConflict } from './custom-profiles.ts';
import { checkUpstreamMirror } from '../sync/upstream-check.ts';
import { builtinProfiles, CUSTOM_PROFILE, customProfile, type NetworkProfile } from './network-profiles.ts';

type ProfileHandlers = Pick<ApiHandlers, 'network/profiles' | 'network/profiles/save' | 'network/profiles/delete' | 'network/profiles/check'>;
export type ProfileOptions = Pick<AppServicesOptions, 'dataDir' | 'upstreamMirror' | 'statusUpstream' | 'chainId'>;

/**
 * The `network/profiles*` channels: every profile one can switch to, and adding, editing and
 * removing custom ones (persisted in the data folder). The open profile, and one a switch is about
 * to open, cannot be edited or removed: its store and sync are (or are about to be) in use.
 */
export function createProfileHandlers(
  options: ProfileOptions | undefined,
  activeName: () => string,
  inUse: (name: string) => boolean = (name) => name === activeName(),
): ProfileHandlers {
  const saved = () => {
    if (!options) throw new ApiFailure('unavailable', 'network profiles cannot be edited here');
    return new CustomProfiles(options.dataDir);
  };
  const list = (): ProfileList => {
    const cli = options?.upstreamMirror ? [customProfile(options.upstreamMirror, options.statusUpstream ?? null, options.chainId ?? null)] : [];
    return {
      active: activeName(),
      profiles: [
        ...builtinProfiles().map((p) => summary(p, 'builtin')),
        ...cli.map((p) => summary(p, 'cli')),
        ...saved().list().map((p) => summary(p, 'saved')),
      ],
    };
  };
  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof ProfileConflict) throw new ApiFailure('invalid-input', error.message);
      throw error;
    }
  };
  return {
    'network/profiles': () => list(),
    'network/profiles/save': (input) => {
      const edited = input.previousName ?? input.name;
      if (inUse(edited)) throw new ApiFailure('invalid-input', `${openOrOpening(edited, activeName())}; switch to another profile before editing it`);
      if (input.name === CUSTOM_PROFILE) throw new ApiFailure('invalid-input', '"custom" is reserved for the profile given with --upstream-mirror');
      guard(() => saved().save(input));
      return list();
    },
    'network/profiles/delete': ({ name }) => {
      if (inUse(name)) throw new ApiFailure('invalid-input', `${openOrOpening(name, activeName())}; switch to another profile before removing it`);
      guard(() => saved().delete(name));
      return list();
    },
    // Asked from main: the renderer may not fetch other origins, and the sync would ask from here too.
    'network/profiles/check': ({ mirrorUrl }) => checkUpstreamMirror(mirrorUrl),
  };
}

/** `"x" is open`, or `"x" is being opened` while a switch to it runs. */
function openOrOpening(name: string, active: string): string {
  return name === active ? `"${name}" is open` : `"${name}" is being opened`;
}

function summary(profile: NetworkProfile, kind: ProfileSummary['kind']): ProfileSummary {
  return { name: profile.name, kind, source: profile.source, mirrorUrl: profile.mirrorUrl, statusUrl: profile.statusUrl, chainId: profile.chainId };
}
