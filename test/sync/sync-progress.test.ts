import { describe, expect, it } from 'vitest';
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
    // A stall brings it down; once the pages have left the 10 s window, nothing is moving.
    clock.now = 10_000;
    expect(progress.ratePerSecond()).toBeCloseTo(100);
    clock.now = 16_000;
    expect(progress.ratePerSecond()).toBe(0);
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
    // Back to the default window for the next phase: its start leaves the window as a page does.
    progress.reset(0);
    clock.now = 55_000;
    progress.add(10, null);
    expect(progress.ratePerSecond()).toBeCloseTo(10 / 5);
    clock.now = 66_000;
    progress.add(10, null);
    expect(progress.ratePerSecond()).toBe(0);
  });
});
