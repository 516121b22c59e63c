import fs from 'node:fs';

const CHUNK = 8 * 2 ** 20;

/**
 * Reads a file once from start to end, so that the operating system holds it in its page
 * cache. A dataset of several gigabytes is otherwise measured partly cold: the first
 * scenarios would pay for disk reads the later ones do not, and the figures would depend on
 * the order the scenarios run in. Returns the seconds the read took.
 */
export function warmPageCache(file: string): number {
  const started = performance.now();
  const buffer = Buffer.allocUnsafe(CHUNK);
  const fd = fs.openSync(file, 'r');
  try {
    while (fs.readSync(fd, buffer, 0, CHUNK, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
  return (performance.now() - started) / 1000;
}
