import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatusNotification } from '../../main/status/store/status-store.ts';
import { damageOpenStatusStore, setAsideStatusFiles } from './damaged-status-file.ts';
import { firePoll, handTimers } from './hand-timers.ts';
import { feeds, incident, startHarness, type StatusHarness } from './status-fixture.ts';

// What the poller's handling of a failing store must not cost: the other listeners' news when one
// listener throws, the schedule when its own bookkeeping throws, and the limits on how often the
// status page is asked (10 s apart, backoff, Retry-After) when the store is replaced.

const RETRY_AFTER_10_MIN = { status: 503, body: 'busy', headers: { 'retry-after': '600' } };
const recordRequests = (harness: StatusHarness) => harness.upstream.requests.filter((r) => !/summary|maintenances\.json|active/.test(r.path)).length;

describe('the status poller, when a listener or its store fails', () => {
  let harness: StatusHarness;
  let logged: string[];
  beforeEach(() => {
    logged = [];
  });
  afterEach(async () => harness.close());

  it('gives every listener every notification of a poll, and its updated and poll events, when one listener throws', async () => {
    harness = await startHarness({
      log: (line) => void logged.push(line),
      onNotification: () => {
        throw new Error('the desktop notifier is gone');
      },
    });
    const heard: string[] = [];
    harness.service.on('notification', (n: StatusNotification) => {
      if (n.id === 'a') throw new Error('a screen listener failed');
    });
    harness.service.on('notification', (n: StatusNotification) => void heard.push(`notification ${n.id}`));
    harness.service.on('updated', () => void heard.push('updated'));
    harness.service.on('poll', (result) => void heard.push(`poll ${result.outcome}`));
    harness.upstream.serve(feeds([]));
    await harness.service.poller.pollNow();
    heard.length = 0;

    harness.upstream.serve(feeds([incident('a', ['investigating']), incident('b', ['investigating'])]));
    harness.clock.advance(60_000);
    expect(await harness.service.poller.pollNow()).toMatchObject({ outcome: 'ok', notifications: [{ id: 'a' }, { id: 'b' }] });
    expect(heard).toEqual(['notification a', 'notification b', 'updated', 'poll ok']);
    expect(logged.filter((line) => line.includes('listener failed'))).toEqual([
      'status: a status listener failed: the desktop notifier is gone',
      'status: a status listener failed: a screen listener failed',
      'status: a status listener failed: the desktop notifier is gone',
    ]);
  });

  it('schedules the next poll, and says it is not polling, when recording a failed poll throws something other than SQLite', async () => {
    const clock = handTimers();
    harness = await startHarness({ timers: clock.timers, random: () => 0.5, log: (line) => void logged.push(line) });
    const poller = harness.service.poller;
    harness.upstream.serve({ '/api/v2/incidents.json': { status: 503, body: 'down' } });
    harness.service.store.setMeta = () => {
      throw new TypeError('not a SQLite failure');
    };
    poller.start();
    await firePoll(clock, poller);
    expect(poller.state()).toMatchObject({ polling: false, consecutiveFailures: 1 });
    // First failure, 60 s interval: a 120 s base, jitter 0.5 puts it at 90 s.
    expect(clock.delays()).toEqual([90_000]);
    expect(logged).toContainEqual('status: a scheduled poll failed: not a SQLite failure');
    poller.stop();
  });

  /** A store that has notified of `a` and `b`, polled by a started poller on hand timers, whose next poll's requests wait for `release`. */
  async function startedWithHeldRequests() {
    const clock = handTimers();
    let hold: Promise<void> | null = null;
    const held: typeof fetch = async (input, init) => {
      await hold;
      return fetch(input, init);
    };
    harness = await startHarness({ timers: clock.timers, random: () => 0.5, fetch: held });
    const poller = harness.service.poller;
    harness.upstream.serve(feeds([incident('a', ['investigating']), incident('b', ['investigating'])]));
    poller.start();
    await firePoll(clock, poller);
    expect(clock.delays()).toEqual([60_000]);
    harness.clock.advance(60_000);
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    /** Runs the pending poll with the store replaced while its requests are out. */
    const pollWithStoreReplacedMidway = async () => {
      const before = recordRequests(harness);
      clock.fire();
      damageOpenStatusStore(harness.service.store, 'status_record');
      harness.service.snapshot();
      expect(setAsideStatusFiles(harness.file)).toHaveLength(1);
      hold = null;
      release();
      await poller.settled();
      return recordRequests(harness) - before;
    };
    return { clock, poller, pollWithStoreReplacedMidway };
  }

  it('does not ask the page again at once when the store is replaced during a poll: the next poll, 10 s on, fills the new store', async () => {
    const { clock, poller, pollWithStoreReplacedMidway } = await startedWithHeldRequests();
    const results: string[] = [];
    harness.service.on('poll', (result) => void results.push(result.outcome === 'failed' ? `failed${result.local ? ' local' : ''}` : result.outcome));

    expect(await pollWithStoreReplacedMidway()).toBe(3);
    expect(results).toEqual(['failed local']);
    expect(poller.state()).toMatchObject({ consecutiveFailures: 0, lastError: null, lastSuccessAt: null });
    expect(clock.delays()).toEqual([10_000]);

    harness.clock.advance(10_000);
    await firePoll(clock, poller);
    expect(results).toEqual(['failed local', 'ok']);
    expect(harness.service.snapshot().unresolved.map((i) => i.id)).toEqual(['b', 'a']);
    expect(harness.notifications.map((n) => n.id)).toEqual([]);
    poller.stop();
  });

  it('keeps a Retry-After heard in the poll during which the store was replaced', async () => {
    const { clock, poller, pollWithStoreReplacedMidway } = await startedWithHeldRequests();
    harness.upstream.serve({ '/api/v2/incidents.json': RETRY_AFTER_10_MIN });

    expect(await pollWithStoreReplacedMidway()).toBe(3);
    expect(poller.state()).toMatchObject({ consecutiveFailures: 1, lastError: expect.stringContaining('503') });
    expect(clock.delays()).toEqual([600_000]);
    poller.stop();
  });

  it('keeps the backoff and Retry-After in force when the store is replaced between polls', async () => {
    const clock = handTimers();
    harness = await startHarness({ timers: clock.timers, random: () => 0.5 });
    const poller = harness.service.poller;
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    poller.start();
    await firePoll(clock, poller);
    harness.clock.advance(60_000);
    harness.upstream.serve({ '/api/v2/incidents.json': RETRY_AFTER_10_MIN });
    await firePoll(clock, poller);
    expect(clock.delays()).toEqual([600_000]);
    const failed = poller.state();

    harness.clock.advance(30_000);
    damageOpenStatusStore(harness.service.store, 'status_record');
    harness.service.snapshot();
    expect(setAsideStatusFiles(harness.file)).toHaveLength(1);
    expect(poller.state()).toMatchObject({ consecutiveFailures: 1, lastError: failed.lastError, lastErrorAt: failed.lastErrorAt, lastSuccessAt: null, nextPollAt: failed.nextPollAt });
    expect(clock.delays()).toEqual([600_000]);
    poller.stop();
  });
});
