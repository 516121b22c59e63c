import { createHash } from 'node:crypto';
import path from 'node:path';
import { listenOnLoopback } from '../http/listen.ts';
import { createStatusService, type StatusService, type StatusServiceOptions } from '../status/status-service.ts';
import type { ApiEventBus } from './event-bus.ts';
import type { NetworkProfile } from './network-profiles.ts';

export interface ProfileStatusOptions {
  profile: NetworkProfile;
  dataDir: string;
  /** A status page the user named (`--status-upstream`), used instead of the profile's own. */
  upstreamUrl: string | null;
  port: number;
  hostCheck: boolean;
  events: ApiEventBus;
  log: (line: string) => void;
  /** False while the machine has no network (Electron's `net.isOnline`); polls wait for it. */
  isOnline?: () => boolean;
  /** The poller's clock (tests drive it by hand). */
  clock?: () => Date;
}

export interface ProfileStatus {
  service: StatusService;
  /** Base URL of interface C. */
  url: string;
}

/**
 * Where a profile's status comes from, and the SQLite file it is kept in (in the profile's data
 * folder). A user-named page gets a file of its own, keyed by its URL, so its records and
 * "already notified" state never mix with another page's.
 */
export function statusPlan(profile: NetworkProfile, dataDir: string, upstreamUrl: string | null): { source: StatusServiceOptions['source']; file: string } | null {
  if (upstreamUrl !== null) {
    const key = createHash('sha256').update(upstreamUrl).digest('hex').slice(0, 12);
    return { source: { upstreamUrl }, file: path.join(dataDir, `${profile.name}.status-${key}.sqlite`) };
  }
  const file = path.join(dataDir, `${profile.name}.status.sqlite`);
  if (profile.statusUrl !== null) return { source: { upstreamUrl: profile.statusUrl }, file };
  if (profile.source === 'demo') return { source: { demo: true }, file };
  return null;
}

/**
 * Starts the profile's status service: interface C on its port, the poller, and its events on
 * the API event bus (delivered notifications, and a fresh snapshot after every poll).
 * Null when the profile has no status page.
 */
export async function startProfileStatus(options: ProfileStatusOptions): Promise<ProfileStatus | null> {
  const plan = statusPlan(options.profile, options.dataDir, options.upstreamUrl);
  if (!plan) return null;
  const service = createStatusService({
    file: plan.file,
    source: plan.source,
    hostCheck: options.hostCheck,
    ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  let url: string;
  try {
    url = await listenOnLoopback(service.server, options.port);
  } catch (error) {
    await service.close();
    throw error;
  }
  service.on('notification', (notification) => {
    if (notification.delivered) options.events.emit('status/notification', notification);
  });
  service.on('poll', (result) => {
    if (result.outcome === 'too-soon') return;
    // One line when the upstream starts failing, not one per retry.
    if (result.outcome === 'failed' && service.poller.state().consecutiveFailures === 1) options.log(`status: ${result.error}`);
    options.events.emit('status/updated', service.snapshot());
  });
  service.poller.start();
  return { service, url };
}
