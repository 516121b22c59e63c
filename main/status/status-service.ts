import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { createDemoSource } from './demo/demo-source.ts';
import { DEMO_PAGE_NAME } from './demo/demo-history.ts';
import type { PassthroughFeedName } from './feed/feed-paths.ts';
import { createHttpSource } from './feed/http-source.ts';
import type { JsonObject } from './feed/status-json.ts';
import type { StatusSource } from './feed/status-source.ts';
import { buildStatusServer } from './http/status-server.ts';
import type { NotificationSettings } from './notify/notification-settings.ts';
import { StatusPoller, type PollResult, type Timers } from './poller.ts';
import { buildSnapshot, type StatusSnapshot } from './status-snapshot.ts';
import { isDamagedStoreError } from '../mirror/store/sqlite-error.ts';
import { openStatusStore, statusStoreRebuilder } from './store/damaged-status-store.ts';
import type { StatusStore, StatusNotification } from './store/status-store.ts';

export interface StatusServiceOptions {
  /** This profile's status database file (':memory:' for a throwaway one). */
  file: string;
  /** An upstream Statuspage origin, or the demo network's own sample history. */
  source: { upstreamUrl: string } | { demo: true } | { custom: StatusSource };
  /** Default 60 s, never below 10 s. */
  pollIntervalMs?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxBackoffMs?: number;
  /** Passthrough feeds polled besides the three record feeds (default: summary). */
  extraFeeds?: readonly PassthroughFeedName[];
  fetch?: typeof globalThis.fetch;
  clock?: () => Date;
  random?: () => number;
  isOnline?: () => boolean;
  timers?: Timers;
  /** Loopback Host check on the HTTP server (default true). */
  hostCheck?: boolean;
  /** Every notification a poll raises; `delivered` false means settings (quiet, impact, component) held it back. */
  onNotification?: (notification: StatusNotification) => void;
  /** Where a status file that could not be read (and was set aside), or written, is reported. */
  log?: (line: string) => void;
}

export interface StatusEvents {
  notification: StatusNotification;
  poll: PollResult;
  /** A good poll changed stored data: screens should reload their snapshot. */
  updated: null;
}

export interface StatusService {
  /** Interface C routes; not listening (the app hands them requests from its status port, see http/switchable-server.ts). */
  server: FastifyInstance;
  poller: StatusPoller;
  store: StatusStore;
  /** What it watches: the status page's URL as `label`, or the demo's sample history; as `snapshot().source` says. */
  source: StatusSnapshot['source'];
  snapshot(): StatusSnapshot;
  getSettings(): NotificationSettings;
  /** Validates (TypeError naming the field) and saves notification settings. */
  setSettings(value: unknown): NotificationSettings;
  on<E extends keyof StatusEvents>(event: E, listener: (payload: StatusEvents[E]) => void): () => void;
  /** Stops polling, closes the server and the database. */
  close(): Promise<void>;
}

/**
 * Builds the status service of one profile: store, poller, notifier and the interface C server.
 * Nothing starts by itself: call `poller.start()` and listen the server where wanted.
 */
export function createStatusService(options: StatusServiceOptions): StatusService {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  // An unreadable file only cost the cached history: it is moved aside and polled again.
  const opened = openStatusStore(options.file, log);
  const { store } = opened;
  const rebuild = statusStoreRebuilder(store, log);
  /** Damage found in use, by anyone: the store goes on, in place, on a new file, which the poller fills. */
  const storeDamaged = (error: Error): void => poller.storeReplaced(rebuild(error.message));
  /** Reads the store; a read that finds it damaged has it replaced and reads the new one. */
  const read = <T>(reading: () => T): T => {
    try {
      return reading();
    } catch (error) {
      if (!isDamagedStoreError(error)) throw error;
      storeDamaged(error);
      return reading();
    }
  };
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // The store counts a poll's notifications as given once it returns: one listener's failure must
  // not cost the others theirs, nor the rest of the poll's news.
  const callListener = <T>(listener: (payload: T) => void, payload: T): void => {
    try {
      listener(payload);
    } catch (error) {
      log(`status: a status listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const emitEach = <E extends keyof StatusEvents>(event: E, payload: StatusEvents[E]): void => {
    for (const listener of emitter.listeners(event)) callListener(listener as (payload: StatusEvents[E]) => void, payload);
  };
  const source = resolveSource(options, store, clock);
  const demo = 'demo' in options.source;
  const watched: StatusSnapshot['source'] = { label: source.label, demo };

  const poller = new StatusPoller({
    store,
    source,
    clock,
    ...(options.pollIntervalMs === undefined ? {} : { intervalMs: options.pollIntervalMs }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.maxBackoffMs === undefined ? {} : { maxBackoffMs: options.maxBackoffMs }),
    ...(options.extraFeeds === undefined ? {} : { extraFeeds: options.extraFeeds }),
    ...(options.random === undefined ? {} : { random: options.random }),
    ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
    ...(options.timers === undefined ? {} : { timers: options.timers }),
    onStoreDamaged: storeDamaged,
    log,
    onPoll(result) {
      if (result.outcome === 'ok') {
        for (const notification of result.notifications) {
          if (options.onNotification) callListener(options.onNotification, notification);
          emitEach('notification', notification);
        }
        if (result.changed) emitEach('updated', null);
      }
      emitEach('poll', result);
    },
  });
  if (opened.note !== null) poller.storeReplaced(opened.note);

  const fallbackPage = (): JsonObject => ({
    id: '',
    name: demo ? DEMO_PAGE_NAME : source.label,
    url: 'upstreamUrl' in options.source ? options.source.upstreamUrl : '',
    time_zone: 'Etc/UTC',
    updated_at: poller.state().lastSuccessAt,
  });
  const server = buildStatusServer({ store, fallbackPage, hostCheck: options.hostCheck ?? true, onStoreDamaged: storeDamaged, ...(options.log ? { log: options.log } : {}) });

  return {
    server,
    poller,
    store,
    source: watched,
    snapshot: () => read(() => buildSnapshot(store, watched, poller.state())),
    getSettings: () => read(() => store.getSettings()),
    setSettings: (value) => read(() => store.setSettings(value)),
    on(event, listener) {
      emitter.on(event, listener as (payload: unknown) => void);
      return () => emitter.off(event, listener as (payload: unknown) => void);
    },
    async close() {
      poller.stop();
      await poller.settled();
      await server.close();
      store.close();
    },
  };
}

function resolveSource(options: StatusServiceOptions, store: StatusStore, clock: () => Date): StatusSource {
  const chosen = options.source;
  if ('custom' in chosen) return chosen.custom;
  if ('upstreamUrl' in chosen) {
    return createHttpSource({
      baseUrl: chosen.upstreamUrl,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    });
  }
  // The demo history is anchored at the profile's first use, kept so it stays put across restarts.
  let anchor = store.demoAnchor();
  if (anchor === undefined) {
    anchor = clock().getTime();
    store.setDemoAnchor(anchor);
  }
  const anchored = anchor;
  return createDemoSource(() => anchored, clock);
}
