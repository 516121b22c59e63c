import { listenOnLoopback } from '../http/listen.ts';
import type { MirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi, type MirrorApi } from '../mirror/mirror-api.ts';
import type { AppServicesOptions } from './app-services-types.ts';
import type { ApiEventBus } from './event-bus.ts';
import { CUSTOM_PROFILE, customProfile, findProfile, profileNames, UnknownProfileError, type NetworkProfile } from './network-profiles.ts';
import { CustomProfiles } from './custom-profiles.ts';
import { ProfileSession } from './profile-session.ts';
import { startProfileStatus, type ProfileStatus } from './profile-status.ts';

/** What belongs to the open profile and is replaced when the user switches network. */
export interface ProfileParts {
  session: ProfileSession;
  mirror: MirrorApi;
  status: ProfileStatus | null;
}

/**
 * The profile a name stands for. `custom` is the one-off profile the app was started with
 * (`--upstream-mirror`), so it is only known when that was given.
 */
export function resolveProfile(name: string, options: Pick<AppServicesOptions, 'dataDir' | 'upstreamMirror' | 'statusUpstream' | 'chainId'>): NetworkProfile {
  const saved = new CustomProfiles(options.dataDir);
  const profile = name === CUSTOM_PROFILE && options.upstreamMirror
    ? customProfile(options.upstreamMirror, options.statusUpstream ?? null, options.chainId ?? null)
    : (findProfile(name) ?? saved.find(name));
  if (!profile) {
    const known = [...profileNames(), ...(options.upstreamMirror ? [CUSTOM_PROFILE] : []), ...saved.list().map((p) => p.name)];
    throw new UnknownProfileError(`unknown network profile "${name}" (available: ${known.join(', ')})`);
  }
  return profile;
}

export interface SwitchContext {
  options: AppServicesOptions;
  events: ApiEventBus;
  mirrorConfig: () => MirrorApiConfig;
}

/**
 * Replaces the open profile without a restart: opens the new profile's store (and starts its
 * sync or demo generation), moves the mirror API and the status service over to it on the
 * same loopback ports, then closes the old profile. Tools pointed at the local addresses
 * keep working; they get the new network's data.
 */
export async function switchProfileParts(current: ProfileParts, next: NetworkProfile, context: SwitchContext): Promise<ProfileParts> {
  const { options, events } = context;
  const mirrorPort = portOf(current.mirror.server.server.address()) ?? options.ports.mirror;
  const statusPort = current.status ? Number(new URL(current.status.url).port) : options.ports.status;
  const session = new ProfileSession(next, options.dataDir, options.demoAccounts, events, options.log, {
    ...(options.syncRate === undefined ? {} : { requestsPerSecond: options.syncRate }),
  });
  const mirror = createMirrorApi(session.store, context.mirrorConfig, options.hostCheck, session.readThrough ? { readThrough: session.readThrough } : {});
  // The poller stops first, so no poll writes to a store being closed.
  await current.status?.service.close();
  await current.mirror.server.close();
  await listenOnLoopback(mirror.server, mirrorPort);
  await current.session.close();
  const status = await startProfileStatus({
    profile: next,
    dataDir: options.dataDir,
    upstreamUrl: next.name === CUSTOM_PROFILE ? (options.statusUpstream ?? null) : null,
    port: statusPort,
    hostCheck: options.hostCheck,
    events,
    log: options.log,
    ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
  });
  events.emit('network/changed', session.info());
  events.emit('sync/status', session.syncStatus());
  return { session, mirror, status };
}

function portOf(address: ReturnType<import('node:net').Server['address']>): number | null {
  return address !== null && typeof address === 'object' ? address.port : null;
}
