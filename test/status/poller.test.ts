import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelayMs, MIN_POLL_INTERVAL_MS } from '../../main/status/poll-schedule.ts';
import { StatusPoller, type Timers } from '../../main/status/poller.ts';
import { RECORD_FEEDS } from '../../main/status/feed/feed-paths.ts';
import { feeds, ids, incident, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

describe('status poller', () => {
  let harness: StatusHarness;
  afterEach(async () => harness.close());

  it('sends If-None-Match with the stored ETag and keeps its data on 304', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
    const first = harness.upstream.requests.length;
    const second = await pollAfter(harness);
    expect(second).toMatchObject({ outcome: 'ok', changed: false });
    // The three record feeds; this fake serves none of the passthrough ones (summary, maintenances).
    const repeat = harness.upstream.requests.slice(first).filter((r) => (Object.values(RECORD_FEEDS) as string[]).includes(r.path));
    expect(repeat).toHaveLength(3);
    for (const request of repeat) expect(request.ifNoneMatch).toMatch(/^W\//);
    expect(ids((await harness.get('/api/v2/incidents/unresolved.json')).json.incidents)).toEqual(['a']);
  });

  it('never polls within 10 s of the last poll, whatever the interval or the caller asks', async () => {
    harness = await startHarness({ pollIntervalMs: 1000 });
    harness.upstream.serve(feeds([]));
    expect(harness.service.poller.intervalMs).toBe(MIN_POLL_INTERVAL_MS);
    await harness.service.poller.pollNow();
    const count = harness.upstream.requests.length;
    harness.clock.advance(9_000);
    expect(await harness.service.poller.pollNow()).toEqual({ outcome: 'too-soon', retryInMs: 1000 });
    expect(harness.upstream.requests.length).toBe(count);
    harness.clock.advance(1_000);
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
  });

  it('does not touch the network while offline', async () => {
    let online = false;
    harness = await startHarness({ isOnline: () => online });
    harness.upstream.serve(feeds([]));
    expect(await harness.service.poller.pollNow()).toEqual({ outcome: 'offline' });
    expect(harness.upstream.requests).toHaveLength(0);
    expect(harness.service.poller.state().online).toBe(false);
    online = true;
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
  });

  it('times out a hanging upstream with an abort, and reports the failure', async () => {
    harness = await startHarness({ timeoutMs: 200, fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) });
    const result = await harness.service.poller.pollNow();
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(harness.service.poller.state().lastError).toMatch(/timed out/);
  });

  it('backs off exponentially with jitter after failures and returns to the interval after success', async () => {
    const scheduled: number[] = [];
    const timers: Timers = { setTimeout: (_cb, ms) => scheduled.push(ms), clearTimeout: () => undefined };
    harness = await startHarness({ timers, random: () => 0.5 });
    harness.upstream.serve({ '/api/v2/incidents.json': { status: 503, body: 'down' } });
    const poller = harness.service.poller;
    poller.start();
    expect(scheduled).toEqual([0]);
    await poller.pollNow();
    await pollAfter(harness);
    await pollAfter(harness);
    // failures 1, 2, 3 with interval 60 s: bases 120 s, 240 s, 480 s; jitter 0.5 puts each at 3/4.
    expect(scheduled.slice(1)).toEqual([90_000, 180_000, 360_000]);
    expect(poller.state().consecutiveFailures).toBe(3);
    harness.upstream.serve(feeds([]));
    await pollAfter(harness);
    expect(scheduled.at(-1)).toBe(60_000);
    poller.stop();
  });

  it('caps backoff, honours Retry-After and never goes under the minimum', () => {
    expect(backoffDelayMs(30, 60_000, 900_000, () => 1)).toBe(900_000);
    expect(backoffDelayMs(1, 60_000, 900_000, () => 0)).toBe(60_000);
    expect(backoffDelayMs(1, 60_000, 900_000, () => 0, 600_000)).toBe(600_000);
    expect(backoffDelayMs(1, 10_000, 900_000, () => 0)).toBeGreaterThanOrEqual(MIN_POLL_INTERVAL_MS);
  });

  it('stops scheduling when suspended and polls again on resume', async () => {
    const scheduled: number[] = [];
    const timers: Timers = { setTimeout: (_cb, ms) => scheduled.push(ms), clearTimeout: () => undefined };
    harness = await startHarness({ timers });
    harness.upstream.serve(feeds([]));
    const poller: StatusPoller = harness.service.poller;
    poller.start();
    poller.suspend();
    expect(poller.state().nextPollAt).toBeNull();
    poller.resume();
    expect(scheduled.at(-1)).toBe(0);
    poller.stop();
  });
});
