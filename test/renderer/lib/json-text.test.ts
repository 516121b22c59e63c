import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../../main/mirror/format/json-out.ts';
import { jsonText } from '../../../renderer/src/lib/json-text.ts';

describe('jsonText', () => {
  it('writes int64 values beyond 2^53 as the numbers the mirror sent, not strings', () => {
    const sent = '{"total_supply":9223372036854775807,"balance":-9007199254740993,"decimals":8,"memo":"x"}';
    const text = jsonText(parseJsonLossless(sent));
    expect(text).toContain('"total_supply": 9223372036854775807');
    expect(text).toContain('"balance": -9007199254740993');
    expect(JSON.parse(text.replace(/\d{16,}/g, '0'))).toEqual({ total_supply: 0, balance: -0, decimals: 8, memo: 'x' });
    expect(parseJsonLossless(text)).toEqual(parseJsonLossless(sent));
  });

  it('leaves strings that look like the marker, nested values and plain JSON alone', () => {
    const value = { note: 'int:5', nested: [{ a: 1n, b: null, c: 'a\u0000b' }], empty: {} };
    expect(JSON.parse(jsonText(value))).toEqual({ note: 'int:5', nested: [{ a: 1, b: null, c: 'a\u0000b' }], empty: {} });
    expect(jsonText(undefined)).toBe('');
    expect(jsonText('plain')).toBe('"plain"');
  });
});
