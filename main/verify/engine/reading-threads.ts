import os from 'node:os';

/**
 * Upload reading threads running at once: one core is left to the server's loop. Eight 48 MB
 * uploads read all at once on two cores starved it, so that mirror requests waited up to 2 s.
 */
export const READING_THREADS = Math.max(1, os.availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `read` (which starts a reading thread) once fewer than READING_THREADS run; in the order asked. */
export async function inReadingTurn<T>(read: () => Promise<T>): Promise<T> {
  if (running >= READING_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await read();
  } finally {
    // The turn passes straight to the next in line (running stays counted), else it is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
