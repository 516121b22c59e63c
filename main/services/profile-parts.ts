import type { MirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi, type MirrorApi } from '../mirror/mirror-api.ts';
import type { AppServicesOptions } from './app-services-types.ts';
import type { ApiEventBus } from './event-bus.ts';
import type { NetworkProfile } from './network-profiles.ts';
import { profileMirrorConfig } from './profile-mirror-config.ts';
import { ProfileSession } from './profile-session.ts';
import { openProfileStatus, type ProfileStatus } from './profile-status.ts';
import { undoFailedStart } from './undo-failed-start.ts';

/** What belongs to the open profile and is replaced when the user switches network. */
export interface ProfileParts {
  session: ProfileSession;
  mirror: MirrorApi;
  status: ProfileStatus | null;
}

export interface ProfilePartsContext {
  options: AppServicesOptions;
  events: ApiEventBus;
  mirrorConfig: () => MirrorApiConfig;
}

/**
 * Opens a profile's store (starting its sync or demo generation), its mirror API and its status
 * service, each `ready()` to serve, so whatever can fail fails here, before anything is switched.
 * Nothing is announced on the bus or polled yet (`announceProfileParts`). All or nothing: on a
 * failure the parts opened so far are closed and the error is thrown.
 *
 * `--status-upstream` replaces the status page of whichever profile is opened, at start-up and
 * after every switch alike.
 */
export async function openProfileParts(profile: NetworkProfile, context: ProfilePartsContext): Promise<ProfileParts> {
  const { options, events } = context;
  const session = new ProfileSession(profile, options.dataDir, options.demoAccounts, events, options.log, {
    ...(options.syncRate === undefined ? {} : { requestsPerSecond: options.syncRate }),
  });
  let mirror: MirrorApi | null = null;
  try {
    mirror = createMirrorApi(session.store, profileMirrorConfig(profile, context.mirrorConfig), options.hostCheck, {
      // Until the demo ledger is complete the API answers 503 rather than pages of half a ledger.
      availability: () => session.mirrorUnavailable(),
      ...(session.readThrough ? { readThrough: session.readThrough } : {}),
      log: options.log,
      // A damaged page shows only when a query reads it: the session marks the store to be rebuilt and says so.
      onStoreDamaged: (error) => session.storeDamaged(error),
    });
    await mirror.server.ready();
    const status = await openProfileStatus({
      profile,
      dataDir: options.dataDir,
      upstreamUrl: options.statusUpstream ?? null,
      hostCheck: options.hostCheck,
      events,
      log: options.log,
      ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
    });
    return { session, mirror, status };
  } catch (error) {
    // Why the profile could not be opened is what the caller must read: a close failing as well is logged.
    await undoFailedStart([
      { what: 'closing its mirror API', run: () => mirror?.server.close() },
      { what: 'closing its ledger store', run: () => session.close() },
    ], options.log, `opening the profile ${profile.name}`);
    throw error;
  }
}

/** The parts are now the open profile's: their events go on the bus and the status page is polled. */
export function announceProfileParts(parts: ProfileParts): void {
  parts.session.announce(true);
  parts.status?.start();
}

/** Replaced parts go quiet at once (no events, no polls); they still answer requests handed to them. */
export function silenceProfileParts(parts: ProfileParts): void {
  parts.session.announce(false);
  parts.status?.quiet();
}

/**
 * Closes the parts, each tried whatever became of the others: a status store or server that will
 * not close (a file Windows holds busy) must not leave the ledger store open. The first failure is
 * thrown once all were tried.
 */
export async function closeProfileParts(parts: ProfileParts): Promise<void> {
  // The poller stops first, so no poll writes to a store being closed.
  const closes = [() => parts.status?.service.close(), () => parts.mirror.server.close(), () => parts.session.close()];
  let failure: { error: unknown } | null = null;
  for (const close of closes) {
    try {
      await close();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
