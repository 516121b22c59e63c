/** How long the same failure stays quiet after its line was written. */
export const REPEAT_QUIET_MS = 60_000;
/** Failures remembered at most; past it the ones quiet long enough are forgotten. */
const MAX_KEYS = 256;

/** Writes `line` unless a line of the same `key` was written less than the quiet period ago. */
export type RepeatLimitedLog = (key: string, line: string) => void;

/**
 * A log for failures a flood of requests can repeat (a damaged store under a screen that polls):
 * the first of a kind is written at once, the same kind (`key`) again only once the quiet period
 * has passed, saying how many were left out meanwhile. A different failure is written at once.
 */
export function repeatLimitedLog(log: (line: string) => void, quietMs = REPEAT_QUIET_MS, now: () => number = Date.now): RepeatLimitedLog {
  const seen = new Map<string, { at: number; left: number }>();
  return (key, line) => {
    const at = now();
    const last = seen.get(key);
    if (last && at - last.at < quietMs) {
      last.left += 1;
      return;
    }
    log(last && last.left > 0 ? `${line} (and ${last.left} more times since the last such line)` : line);
    seen.delete(key);
    seen.set(key, { at, left: 0 });
    if (seen.size > MAX_KEYS) {
      for (const [old, entry] of seen) if (at - entry.at >= quietMs) seen.delete(old);
      // Still full of recent ones: the oldest go first (a Map iterates in insertion order).
      for (const old of seen.keys()) {
        if (seen.size <= MAX_KEYS) break;
        seen.delete(old);
      }
    }
  };
}
