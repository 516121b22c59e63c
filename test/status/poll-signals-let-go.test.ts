import { afterEach, describe, expect, it } from 'vitest';
import { abortSignalsLeftBy } from '../helpers/live-abort-signals.ts';
import { feeds, incident, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

// Polls through the real HTTP source against a real loopback status page: once a poll is over,
// none of its abort signals may stay behind. AbortSignal.any over AbortSignal.timeout kept each
// poll's signal (and what it held) until its 15 s time-out fired, long after the poll ended.
const ROUNDS = 100;
/** Signals the polls may leave without leaking: far fewer than one per poll. */
const SLACK = 10;

describe('abort signals of status polls', () => {
  let harness: StatusHarness;
  afterEach(async () => harness.close());

  it('are all let go of once the polls are over, within the default time-out', async () => {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
    const left = await abortSignalsLeftBy(async () => {
      for (let n = 1; n <= ROUNDS; n++) {
        // Every other poll brings a changed body, so both the 200 and the 304 paths are counted.
        if (n % 2 === 0) harness.upstream.serve(feeds([incident('a', ['investigating']), incident(`b${n}`, ['investigating'])]));
        expect(await pollAfter(harness)).toMatchObject({ outcome: 'ok' });
      }
    }, SLACK);
    expect(left).toBeLessThan(SLACK);
  });
});
