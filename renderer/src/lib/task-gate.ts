/**
 * Runs at most `limit` of the tasks given to it at a time; the rest wait their turn, in order.
 * For reads a screen starts one per row: on a synced profile each may go to the upstream, whose
 * lookups share the profile's request rate and give up past a short wait for their turn.
 */
export function taskGate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
