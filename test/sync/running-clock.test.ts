import { describe, expect, it } from 'vitest';
import { RunningClock } from '../../main/sync/running-clock.ts';

describe('RunningClock', () => {
  it('moves with its base clock while running and stands still while stopped, however often told', () => {
    const base = { now: 1_000 };
    const clock = new RunningClock(() => base.now);
    expect(clock.now()).toBe(1_000);
    base.now = 3_000;
    expect(clock.now()).toBe(3_000);
    clock.running(false);
    base.now = 63_000;
    // Told again while stopped: it stopped at 3 s, not now.
    clock.running(false);
    expect(clock.now()).toBe(3_000);
    clock.running(true);
    expect(clock.now()).toBe(3_000);
    base.now = 64_000;
    clock.running(true);
    expect(clock.now()).toBe(4_000);
    // A second stop counts on from the first.
    clock.running(false);
    base.now = 100_000;
    clock.running(true);
    base.now = 100_500;
    expect(clock.now()).toBe(4_500);
  });
});
