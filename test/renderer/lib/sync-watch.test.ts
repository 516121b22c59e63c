import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MirrordeskApi } from '../../../main/common/api-contract.ts';
import type { SyncStatus } from '../../../main/common/sync-types.ts';
import { watchSync } from '../../../renderer/src/lib/sync-watch.ts';
import { fakePageVisibility } from './fake-page-visibility.ts';

// A stand-in for the typed API (the real one needs main over IPC or HTTP): it counts status
// requests and lets the test fire events, which is all watchSync uses.
function fakeApi() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let version = 0;
  const api = {
    requests: 0,
    sync: { status: async () => ({ ok: true as const, value: status(`poll ${++version}`) }) },
    on: (name: string, handler: (payload: unknown) => void) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
      return () => handlers.get(name)!.delete(handler);
    },
    emit: (name: string, payload: unknown) => { for (const handler of handlers.get(name) ?? []) handler(payload); },
    subscribers: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  };
  const counted = api.sync.status;
  api.sync.status = async () => { api.requests++; return counted(); };
  return api;
}

function status(profile: string): SyncStatus {
  return {
    profile, upstream: null, state: 'none', phase: null, entitiesSynced: 0, accountsInStore: 0, ratePerSecond: 0, estimatedTotal: null,
    estimatedSecondsLeft: null, completedPasses: 0, lastTransactionTimestamp: null, upstreamNewestTimestamp: null, fallingBehind: false, followedSince: null, keepDays: null, storeBytes: 0, storeReusableBytes: 0, diskFreeBytes: null, compaction: null, lastError: null, phases: [],
  };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('watchSync', () => {
  it('shares one subscription and one poll between all widgets, and ends them with the last', async () => {
    const api = fakeApi();
    const seen: string[][] = [[], [], []];
    const stops = [0, 1].map((i) => watchSync(api as unknown as MirrordeskApi, (s) => seen[i]!.push(s.profile)));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.requests).toBe(1);
    expect(api.subscribers()).toBe(2);
    expect(seen.slice(0, 2)).toEqual([['poll 1'], ['poll 1']]);

    // A widget that arrives later gets the last status at once, without a request of its own.
    stops.push(watchSync(api as unknown as MirrordeskApi, (s) => seen[2]!.push(s.profile)));
    expect(seen[2]).toEqual(['poll 1']);
    api.emit('sync/status', status('event'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.requests).toBe(2);
    expect(seen.map((s) => s.at(-1))).toEqual(['poll 2', 'poll 2', 'poll 2']);
    expect(seen[0]).toContain('event');

    for (const stop of stops) stop();
    expect(api.subscribers()).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.requests).toBe(2);
  });

  it("shares the shell's watch with the screens, whose API is the shell's wrapped in a new object", async () => {
    const api = fakeApi();
    // As RememberedAnswers.watching wraps it: spread, with its own mirror part.
    const screens = { ...api, mirror: {} };
    const stops = [watchSync(api as unknown as MirrordeskApi, () => {}), watchSync(screens as unknown as MirrordeskApi, () => {})];
    await vi.advanceTimersByTimeAsync(60_000);
    // One poll: the first request and one every 5 s.
    expect(api.requests).toBe(13);
    for (const stop of stops) stop();
  });

  it('skips its polls while the page is hidden, and asks at once when it is shown again', async () => {
    const page = fakePageVisibility();
    try {
      const api = fakeApi();
      const stop = watchSync(api as unknown as MirrordeskApi, () => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(api.requests).toBe(1);
      page.hide();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.requests).toBe(1);
      page.show();
      await vi.advanceTimersByTimeAsync(0);
      expect(api.requests).toBe(2);
      await vi.advanceTimersByTimeAsync(5000);
      expect(api.requests).toBe(3);
      stop();
    } finally {
      page.remove();
    }
  });

  it('starts afresh after all widgets stopped', async () => {
    const api = fakeApi();
    watchSync(api as unknown as MirrordeskApi, () => {})();
    const seen: string[] = [];
    const stop = watchSync(api as unknown as MirrordeskApi, (s) => seen.push(s.profile));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['poll 2']);
    stop();
  });

  it('never lets an answer asked for before an event replace that event, though it arrives after it', async () => {
    const api = fakeApi();
    // The first answer is held back until the test lets it go: main built it before the event below.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const answer = api.sync.status;
    let calls = 0;
    api.sync.status = async () => {
      calls += 1;
      const built = await answer();
      if (calls === 1) await held;
      return built;
    };
    const seen: string[] = [];
    const stop = watchSync(api as unknown as MirrordeskApi, (s) => seen.push(s.profile));
    await vi.advanceTimersByTimeAsync(0);
    api.emit('sync/status', status('event'));
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event']);
    // A request sent after the event is newer than it: shown.
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual(['event', 'poll 2']);
    stop();
  });
});

describe('watchSync with a broken transport', () => {
  it('drops a status call that throws, leaves no rejection unhandled, and publishes the next poll', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', note);
    try {
      const api = fakeApi();
      const answer = api.sync.status;
      let calls = 0;
      api.sync.status = async () => {
        calls += 1;
        if (calls === 1) throw new Error('main went away');
        return answer();
      };
      const seen: string[] = [];
      const stop = watchSync(api as unknown as MirrordeskApi, (s) => seen.push(s.profile));
      await vi.advanceTimersByTimeAsync(5000);
      stop();
      // Node reports an unhandled rejection once the microtasks after it have run: a real turn later.
      vi.useRealTimers();
      await new Promise((done) => setTimeout(done, 0));
      expect(seen).toEqual(['poll 1']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});
