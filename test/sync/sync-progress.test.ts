import { describe, expect, it } from 'vitest';
import { RunningClock } from '../../main/sync/running-clock.ts';
import { SyncProgress } from '../../main/sync/sync-progress.ts';

describe('SyncProgress', () => {
  it('takes its rate over a sliding window, which a phase of bursts further apart can widen', () => {
    const clock = { now: 0 };
    const progress = new SyncProgress(10_000, () => clock.now);
    // One page tells no rate; pages of 100 every 500 ms are 200 a second.
    progress.add(100, null);
    expect(progress.ratePerSecond()).toBe(0);
    for (let i = 1; i <= 10; i++) {
      clock.now = i * 500;
      progress.add(100, null);
    }
    expect(progress.ratePerSecond()).toBeCloseTo(200);
    // A stall brings it down; once the pages have left the 10 s window, the last two tell it, over the time since.
    clock.now = 10_000;
    expect(progress.ratePerSecond()).toBeCloseTo(100);
    clock.now = 16_000;
    expect(progress.ratePerSecond()).toBeCloseTo(100 / 11.5);
    clock.now = 60_000;
    expect(progress.ratePerSecond()).toBeCloseTo(100 / 55.5);
    // A commit of 2,500 followed transactions every 15 s, over a minute's window: ~167 a second,
    // from the first commit on, which is timed from the phase's start.
    clock.now = 5_000;
    progress.reset(0, 60_000);
    expect(progress.ratePerSecond()).toBe(0);
    clock.now = 20_000;
    progress.add(2_500, null);
    expect(progress.ratePerSecond()).toBeCloseTo(2_500 / 15);
    for (const at of [35_000, 50_000]) {
      clock.now = at;
      progress.add(2_500, null);
    }
    expect(progress.ratePerSecond()).toBeCloseTo(7_500 / 45);
    expect(progress.synced).toBe(7_500);
    // Back to the default window for the next phase: pages 8 s apart (a listed crawl of 25 by-id
    // records at 3 requests a second) leave one in the window at times, and the last two tell the rate.
    progress.reset(0);
    for (const at of [58_000, 66_000, 74_000]) {
      clock.now = at;
      progress.add(25, null);
    }
    clock.now = 78_000;
    expect(progress.ratePerSecond()).toBeCloseTo(25 / 12);
  });
});

describe('SyncProgress on the sync\'s running clock', () => {
  it('after a wait the sync did not run through (a full disk), tells the pace and time left of the pages since, not counting the wait', () => {
    const base = { now: 0 };
    const clock = new RunningClock(() => base.now);
    const progress = new SyncProgress(10_000, () => clock.now());
    progress.reset(0);
    // 1,600 accounts in pages of 100 every 500 ms: 200 a second, half way through the id space.
    for (let i = 1; i <= 16; i++) {
      base.now = i * 500;
      progress.add(100, 1_600 / 3_200);
    }
    // The store cannot grow: ten minutes waiting after the failed run, the clock standing still.
    clock.running(false);
    base.now += 600_000;
    clock.running(true);
    base.now += 500;
    progress.add(100, 1_700 / 3_200);
    // Counted over the wait the pace was 100 pages over 10 minutes: `2/s, ~13 min left`.
    expect(progress.ratePerSecond()).toBeCloseTo(200);
    expect(progress.estimatedTotal()).toBe(3_200);
    expect(progress.estimatedSecondsLeft()).toBe(8);
  });
});
