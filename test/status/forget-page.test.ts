import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasBaseline } from '../../main/status/store/apply-poll.ts';
import { feeds, incident, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

let harness: StatusHarness;
beforeEach(async () => {
  harness = await startHarness();
  harness.upstream.serve(feeds([incident('i1', ['investigating'])]));
});
afterEach(async () => {
  await harness.close();
});

describe('forgetting the page a status store held', () => {
  it('is one step: the next poll is a silent baseline again, with nothing of the old page left and the user\'s choices kept', async () => {
    expect((await pollAfter(harness)).outcome).toBe('ok');
    harness.service.setSettings({ quiet: true, impacts: ['major'], componentIds: ['old-page-component'] });
    const store = harness.service.store;
    expect(hasBaseline(store)).toBe(true);

    store.forgetPage();
    expect(hasBaseline(store), 'the status API answers 503 again until the next good poll').toBe(false);
    expect(store.getPage()).toBeNull();
    expect(store.listRecords('incident')).toEqual([]);
    expect(store.getSettings()).toEqual({ quiet: true, impacts: ['major'], componentIds: null });

    // Everything the next poll brings is already there: recorded, raised as nothing.
    harness.upstream.serve(feeds([incident('i2', ['investigating']), incident('i1', ['investigating'])]));
    const next = await pollAfter(harness);
    expect(next.outcome === 'ok' && next.notifications).toEqual([]);
    expect(harness.notifications).toEqual([]);
  });
});
