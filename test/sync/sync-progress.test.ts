import { describe, expect, it } from 'vitest';
import { SyncProgress } from '../../main/sync/sync-progress.ts';

describe('SyncProgress', () => {
  it('takes its rate over a sliding window, which a phase of bursts further apart can widen', () => {
    const clock = { now: 0 };
    const progress = new SyncProgress(10_000, () => clock.now);
    progress.add(100, null);
    clock.now = 5_000;
    expect(progress.ratePerSecond()).toBeCloseTo(20);
    // The burst has left the 10 s window: nothing is moving, as far as it can tell.
    clock.now = 15_000;
    expect(progress.ratePerSecond()).toBe(0);
    // A commit of followed transactions every 15 s: over a minute's window, 2,500 a commit is ~167/s.
    progress.reset(0, 60_000);
    progress.add(2_500, null);
    clock.now = 30_000;
    progress.add(2_500, null);
    clock.now = 45_000;
    expect(progress.ratePerSecond()).toBeCloseTo(5_000 / 30);
    expect(progress.synced).toBe(5_000);
    // Back to the default window for the next phase.
    progress.reset(0);
    progress.add(10, null);
    clock.now = 56_000;
    expect(progress.ratePerSecond()).toBe(0);
  });
});
