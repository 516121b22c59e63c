import { CUSTOM_PROFILE_NAME } from '../common/reserved-profile-names.ts';
import type { AppServicesOptions } from './app-services-types.ts';
import { customProfile, findProfile, profileNames, UnknownProfileError, type NetworkProfile } from './network-profiles.ts';
import { CustomProfiles } from './custom-profiles.ts';

/**
 * The profile a name stands for. `custom` is the one-off profile the app was started with
 * (`--upstream-mirror`), so it is only known when that was given.
 */
export function resolveProfile(
  name: string,
  options: Pick<AppServicesOptions, 'dataDir' | 'upstreamMirror' | 'statusUpstream' | 'chainId'> & Partial<Pick<AppServicesOptions, 'log'>>,
  /** The run's saved profiles (app-services.ts); a reader of its own for a one-off question. */
  saved = new CustomProfiles(options.dataDir, options.log),
): NetworkProfile {
  const profile = name === CUSTOM_PROFILE_NAME && options.upstreamMirror
    ? customProfile(options.upstreamMirror, options.statusUpstream ?? null, options.chainId ?? null)
    : (findProfile(name) ?? saved.find(name));
  if (!profile) {
    const known = [...profileNames(), ...(options.upstreamMirror ? [CUSTOM_PROFILE_NAME] : []), ...saved.list().map((p) => p.name)];
    // A saved profile may be missing because its file could not be read: say where it went.
    const setAside = saved.setAside();
    const lost = setAside === null ? '' : `; the saved profiles file could not be read and was moved to ${setAside.setAside}`;
    throw new UnknownProfileError(`unknown network profile "${name}" (available: ${known.join(', ')})${lost}`);
  }
  return profile;
}

/**
 * A switch that could not open the new profile (its store, its status service, the status
 * port). Nothing was changed: the profile named `stayedOn` is still open and serving.
 */
export class ProfileSwitchError extends Error {
  readonly profile: string;
  readonly stayedOn: string;

  constructor(profile: string, stayedOn: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`could not open network profile "${profile}": ${reason}; "${stayedOn}" is still open`, { cause });
    this.profile = profile;
    this.stayedOn = stayedOn;
  }
}
