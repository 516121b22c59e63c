import type http from 'node:http';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../http/host-check.ts';
import { createStatusService, type StatusService, type StatusServiceOptions } from '../status/status-service.ts';
import type { ApiEventBus } from './event-bus.ts';
import type { NetworkProfile } from './network-profiles.ts';
import { notificationsToShow } from './poll-notifications.ts';
import { adoptUnkeyedStatusStore, statusStoreFile } from './profile-store-files.ts';

// Named here too: where a profile's status is kept is part of what this module answers.
export { statusStoreFile };

export interface ProfileStatusOptions {
  profile: NetworkProfile;
  dataDir: string;
  /** A status page the user named (`--status-upstream`), used instead of the profile's own. */
  upstreamUrl: string | null;
  hostCheck: boolean;
  events: ApiEventBus;
  log: (line: string) => void;
  /** False while the machine has no network (Electron's `net.isOnline`); polls wait for it. */
  isOnline?: () => boolean;
  /** The poller's clock (tests drive it by hand). */
  clock?: () => Date;
}

export interface ProfileStatus {
  /** Its `server` is ready but not listening: the status port's SwitchableServer hands it requests. */
  service: StatusService;
  /** Starts polling and puts the service's events on the API bus (once its profile is the open one). */
  start(): void;
  /** Stops polling and takes its events off the bus; the server still answers until `service.close()`. */
  quiet(): void;
}

/**
 * Where a profile's status comes from, and the SQLite file it is kept in (in the profile's data
 * folder). Every status page gets a file of its own, keyed by its URL, whether it is the profile's
 * own (`statusUrl`) or one the user named (`--status-upstream`): a profile whose page URL is edited,
 * or one deleted and added again under the same name with another page, starts that page afresh
 * (its first poll a silent baseline) instead of mixing its records, page and "already notified"
 * state with the old page's. Going back to a page, or renaming the profile (its files follow it,
 * profile-store-files.ts), finds that page's file again, settings included.
 */
export function statusPlan(profile: NetworkProfile, dataDir: string, upstreamUrl: string | null): { source: StatusServiceOptions['source']; file: string } | null {
  const page = upstreamUrl ?? profile.statusUrl;
  if (page !== null) return { source: { upstreamUrl: page }, file: statusStoreFile(profile.name, dataDir, page) };
  if (profile.source === 'demo') return { source: { demo: true }, file: statusStoreFile(profile.name, dataDir, null) };
  return null;
}

/**
 * Opens the profile's status service: its store, and interface C built and `ready()`, so
 * anything that can fail has failed before the profile is switched to. Nothing polls or
 * emits until `start()`. Null when the profile has no status page.
 */
export async function openProfileStatus(options: ProfileStatusOptions): Promise<ProfileStatus | null> {
  const plan = statusPlan(options.profile, options.dataDir, options.upstreamUrl);
  if (!plan) return null;
  // The profile's own page only: it is the one an unkeyed file of a saved or built-in profile held.
  if ('upstreamUrl' in plan.source && plan.source.upstreamUrl === options.profile.statusUrl) {
    adoptUnkeyedStatusStore(options.profile.name, options.dataDir, plan.file, options.log);
  }
  const service = createStatusService({
    file: plan.file,
    source: plan.source,
    hostCheck: options.hostCheck,
    log: options.log,
    ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  try {
    await service.server.ready();
  } catch (error) {
    await service.close();
    throw error;
  }
  let detach: Array<() => void> = [];
  /** What `run` returns, or null once its failure is logged. */
  const guarded = <T>(run: () => T, what: string): T | null => {
    try {
      return run();
    } catch (error) {
      options.log(`status: ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  return {
    service,
    start() {
      detach = [
        service.on('poll', (result) => {
          if (result.outcome === 'too-soon') return;
          // One line when the upstream starts failing, not one per retry (the store's own trouble the poller logs).
          if (result.outcome === 'failed' && !result.local && !result.cancelled && service.poller.state().consecutiveFailures === 1) options.log(`status: ${result.error}`);
          // Each part of the poll's news on its own: the store counts its notifications as given
          // already, so neither a snapshot that cannot be read nor a bus listener that throws (the
          // bus rethrows) may cost the others theirs, nor the screens their status/updated.
          const snapshot = guarded(() => service.snapshot(), 'reading the status snapshot');
          // A poll's news together, so that many at once can be told in one (poll-notifications.ts).
          if (result.outcome === 'ok') {
            const delivered = result.notifications.filter((notification) => notification.delivered);
            const pageName = snapshot?.page?.name ?? service.source.label;
            for (const notification of notificationsToShow(delivered, pageName)) guarded(() => options.events.emit('status/notification', notification), 'a status/notification listener');
          }
          if (snapshot !== null) guarded(() => options.events.emit('status/updated', snapshot), 'a status/updated listener');
        }),
      ];
      service.poller.start();
    },
    quiet() {
      service.poller.stop();
      for (const off of detach.splice(0)) off();
    },
  };
}

/**
 * What the status port answers while the open profile has no status page: a JSON error in the
 * status API's shape (`{error}`), behind the same Host check as interface C.
 */
export function noStatusPage(hostCheck: boolean): http.RequestListener {
  return (request, response) => {
    const forbidden = hostCheck && !isLoopbackHost(request.headers.host);
    const message = forbidden ? FOREIGN_HOST_MESSAGE : 'The open network profile has no status page';
    response.writeHead(forbidden ? 403 : 503, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify({ error: message }));
  };
}
