/** A tick at each second of a countdown: its figure changes once a second. */
const TICK_MS = 1000;

/**
 * The time now (ms since the epoch) for a countdown to `due()`: kept current each second while
 * `due()` is ahead, still otherwise, so nothing ticks when nothing counts down. Call while a
 * component initialises: the timer lives with the component (shown only while it is on screen)
 * and ends with it.
 */
export function tickingNow(due: () => number | null): { readonly value: number } {
  let now = $state(Date.now());
  $effect(() => {
    const until = due();
    // Read once here, not from `now`, which this effect must not depend on (each tick would restart it).
    const start = Date.now();
    now = start;
    if (until === null || until <= start) return;
    const timer = setInterval(() => {
      now = Date.now();
      if (now >= until) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  });
  return { get value() { return now; } };
}
