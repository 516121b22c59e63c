import { describe, expect, it } from 'vitest';
import { entityIdOf, intOf, timestampOf, UpstreamFormatError } from '../../main/sync/upstream-values.ts';

// Values the store keeps in 64-bit columns: beyond that range an upstream value is a format error
// naming it, as any other malformed value is, not a bind failure in SQLite's words.
describe('upstream values out of the 64-bit range', () => {
  it('refuses ids, integers and timestamps beyond it, and takes its very ends', () => {
    const refused = (read: () => unknown) => {
      try {
        read();
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(UpstreamFormatError);
        return (error as Error).message;
      }
    };
    expect(refused(() => entityIdOf('123456789012345678901'))).toBe('an entity id out of the 64-bit range: "123456789012345678901"');
    expect(refused(() => intOf('9223372036854775808'))).toBe('an integer out of the 64-bit range: "9223372036854775808"');
    expect(refused(() => intOf(-(2n ** 63n) - 1n))).toBe('an integer out of the 64-bit range: "-9223372036854775809"');
    expect(refused(() => timestampOf('9223372037.000000000'))).toBe('a timestamp out of the 64-bit range: "9223372037.000000000"');
    expect(intOf('9223372036854775807')).toBe(2n ** 63n - 1n);
    expect(intOf(-(2n ** 63n))).toBe(-(2n ** 63n));
    expect(timestampOf('9223372036.854775807')).toBe(2n ** 63n - 1n);
    expect(entityIdOf('9223372036854775807')).toBe(2n ** 63n - 1n);
  });
});
