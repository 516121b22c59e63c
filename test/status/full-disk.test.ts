import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../main/bridge/api-error.ts';
import { createStatusHandlers } from '../../main/services/status-handlers.ts';
import { fillStatusStore, makeRoom } from './full-status-store.ts';
import { firePoll, handTimers } from './hand-timers.ts';
import { feeds, ids, incident, startHarness, type StatusHarness } from './status-fixture.ts';

// A status store on a full disk (its writes fail with SQLITE_FULL) under a poller polling a real
// Statuspage server on loopback. The poller must never let the store's failure escape (a rejected
// scheduled poll is an unhandled rejection, which stops Node, and vitest fails a run that has
// one), must say that the cache cannot be written, naming the file, poll on at its interval, and
// store again once there is room.

/** An incident too large for the room left in the store's pages: storing it takes new ones. */
const large = (id: string) => incident(id, ['investigating'], { name: `Incident ${id}: ${'the network is slow. '.repeat(500)}` });
const kinds = (harness: StatusHarness) => harness.notifications.map((n) => `${n.kind} ${n.id}`);
const FULL_NOTE = (file: string) => `The status cache cannot be written: the disk is full (${file}, `;

describe('a status store on a full disk', () => {
  let harness: StatusHarness;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await harness.close();
  });

  it('fails a scheduled poll without a rejection, says the cache cannot be written, polls on at its interval, and stores again once there is room', async () => {
    const clock = handTimers();
    harness = await startHarness({ timers: clock.timers });
    const poller = harness.service.poller;
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    poller.start();
    await firePoll(clock, poller);
    expect(poller.state().lastSuccessAt).toBe(harness.clock.now.toISOString());
    const goodPollAt = poller.state().lastSuccessAt;

    fillStatusStore(harness.service.store.db);
    harness.upstream.serve(feeds([incident('a', ['investigating']), large('b')]));
    for (let i = 0; i < 3; i++) {
      harness.clock.advance(60_000);
      await firePoll(clock, poller);
      expect(unhandled).toEqual([]);
      const state = poller.state();
      expect(state.cacheNote).toContain(FULL_NOTE(harness.file));
      // Not the status page's failure: no upstream error, no backoff, the last good poll as it was.
      expect([state.lastError, state.consecutiveFailures, state.lastSuccessAt]).toEqual([null, 0, goodPollAt]);
      expect(clock.delays()).toEqual([60_000]);
    }
    // What is stored is still served; nothing the failed polls heard was notified, or lost.
    expect(ids((await harness.get('/api/v2/incidents/unresolved.json')).json.incidents)).toEqual(['a']);
    expect(kinds(harness)).toEqual([]);

    makeRoom(harness.service.store.db);
    harness.clock.advance(60_000);
    await firePoll(clock, poller);
    expect(poller.state()).toMatchObject({ cacheNote: null, lastSuccessAt: harness.clock.now.toISOString(), lastError: null });
    expect(kinds(harness)).toEqual(['incident.new b']);
    expect(ids((await harness.get('/api/v2/incidents/unresolved.json')).json.incidents)).toEqual(['b', 'a']);
    poller.stop();
  });

  it('answers a Check now on a full disk with the cache\'s failure, and the schedule goes on from it', async () => {
    const clock = handTimers();
    harness = await startHarness({ timers: clock.timers });
    const handlers = createStatusHandlers(() => harness.service);
    const poller = harness.service.poller;
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    poller.start();
    await firePoll(clock, poller);

    fillStatusStore(harness.service.store.db);
    harness.upstream.serve(feeds([incident('a', ['investigating']), large('b')]));
    harness.clock.advance(30_000);
    const reply = await handlers['status/poll-now'](null);
    expect(reply).toEqual({ outcome: 'failed', error: expect.stringContaining(FULL_NOTE(harness.file)) });
    expect(clock.delays()).toEqual([60_000]);
    const snapshot = await handlers['status/snapshot'](null);
    expect(snapshot.poll).toMatchObject({ cacheNote: (reply as { error: string }).error, lastError: null });
    expect(snapshot.unresolved.map((i) => i.id)).toEqual(['a']);
    expect(kinds(harness)).toEqual([]);

    // A settings change is refused saying why, the settings as they were.
    const saving = () => handlers['status/settings/set']({ quiet: true, impacts: null, componentIds: null });
    expect(saving).toThrow(ApiFailure);
    expect(saving).toThrow(`The notification settings were not saved. ${FULL_NOTE(harness.file)}`);
    expect(harness.service.getSettings().quiet).toBe(false);

    makeRoom(harness.service.store.db);
    harness.clock.advance(60_000);
    await firePoll(clock, poller);
    expect(poller.state().cacheNote).toBeNull();
    expect(kinds(harness)).toEqual(['incident.new b']);
    expect(unhandled).toEqual([]);
    poller.stop();
  });
});
