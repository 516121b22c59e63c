import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../http/host-check.ts';
import { COMPANIONS } from '../mirror/store/open-or-set-aside.ts';
import { createStatusService, type StatusService, type StatusServiceOptions } from '../status/status-service.ts';
import type { ApiEventBus } from './event-bus.ts';
import type { NetworkProfile } from './network-profiles.ts';

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
 * `<profile>.status-<key>.sqlite` for a status page, the key being the start of its URL's SHA-256
 * in hex (12 digits); `<profile>.status.sqlite` for the demo's built-in history (page null), which
 * is also where a profile's own page was kept before files were keyed by page (`adoptUnkeyedStore`).
 */
export function statusStoreFile(profileName: string, dataDir: string, page: string | null): string {
  if (page === null) return path.join(dataDir, `${profileName}.status.sqlite`);
  const key = createHash('sha256').update(page).digest('hex').slice(0, 12);
  return path.join(dataDir, `${profileName}.status-${key}.sqlite`);
}

/**
 * Before status files were keyed by page, a profile's own page was kept in `<profile>.status.sqlite`
 * whatever its URL. For a built-in profile and for a saved one whose page was never changed, that
 * file is the page's it watches now: the first opening of the page's keyed file takes it over (a
 * rename), so its history, notification settings and "already notified" state carry on and nothing
 * is left behind unused. When the page has a keyed file already (it was watched with
 * `--status-upstream`), that one is kept and the older copy of the same page goes, said in the log.
 * The main file moves last: an interrupted move is completed by the next opening.
 */
function adoptUnkeyedStore(profile: NetworkProfile, dataDir: string, keyedFile: string, log: (line: string) => void): void {
  const unkeyed = statusStoreFile(profile.name, dataDir, null);
  if (profile.source === 'demo' || !fs.existsSync(unkeyed)) return;
  if (fs.existsSync(keyedFile)) {
    for (const part of [...COMPANIONS, '']) fs.rmSync(unkeyed + part, { force: true });
    log(`status: removed ${unkeyed}, an older copy of ${path.basename(keyedFile)} (the same status page)`);
    return;
  }
  for (const part of [...COMPANIONS, '']) {
    if (fs.existsSync(unkeyed + part)) fs.renameSync(unkeyed + part, keyedFile + part);
  }
}

/**
 * Opens the profile's status service: its store, and interface C built and `ready()`, so
 * anything that can fail has failed before the profile is switched to. Nothing polls or
 * emits until `start()`. Null when the profile has no status page.
 */
export async function openProfileStatus(options: ProfileStatusOptions): Promise<ProfileStatus | null> {
  const plan = statusPlan(options.profile, options.dataDir, options.upstreamUrl);
  if (!plan) return null;
  if ('upstreamUrl' in plan.source && plan.source.upstreamUrl === options.profile.statusUrl) {
    adoptUnkeyedStore(options.profile, options.dataDir, plan.file, options.log);
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
  return {
    service,
    start() {
      detach = [
        service.on('notification', (notification) => {
          if (notification.delivered) options.events.emit('status/notification', notification);
        }),
        service.on('poll', (result) => {
          if (result.outcome === 'too-soon') return;
          // One line when the upstream starts failing, not one per retry.
          if (result.outcome === 'failed' && service.poller.state().consecutiveFailures === 1) options.log(`status: ${result.error}`);
          options.events.emit('status/updated', service.snapshot());
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
