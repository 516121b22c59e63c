import type { StatusPoller, Timers } from '../../main/status/poller.ts';

export type HandTimers = ReturnType<typeof handTimers>;

/** Timers run by hand: `fire()` runs the first one pending, as if its time had come. */
export function handTimers() {
  const pending: Array<{ callback: () => void; ms: number }> = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { callback, ms };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const at = pending.indexOf(handle as (typeof pending)[number]);
      if (at >= 0) pending.splice(at, 1);
    },
  };
  return {
    timers,
    /** The delays pending now, in ms. */
    delays: () => pending.map((timer) => timer.ms),
    fire: () => pending.shift()!.callback(),
  };
}


/** Runs the pending timer (a scheduled poll), waits for its poll, and lets a rejection nobody handled be reported. */
export async function firePoll(clock: HandTimers, poller: StatusPoller): Promise<void> {
  clock.fire();
  await poller.settled();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
