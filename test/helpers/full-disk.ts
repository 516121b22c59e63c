import fs from 'node:fs';
import { vi } from 'vitest';

/**
 * Makes `fs.writeFileSync` behave as on a full disk for the files `matches` picks: it writes the
 * first half of the data, as a disk that fills up part way does, then throws ENOSPC. Other writes
 * go through. Restore with the returned spy's `mockRestore()`.
 */
export function fillDiskFor(matches: (file: string) => boolean) {
  const write = fs.writeFileSync.bind(fs);
  return vi.spyOn(fs, 'writeFileSync').mockImplementation((file, data, options) => {
    if (typeof file !== 'string' || !matches(file)) return write(file, data, options);
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    write(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  });
}
