import { describe, expect, it } from 'vitest';
import { pgByteaText } from '../../main/conformance/mirror/setup-tables-tokens.ts';

describe('the conformance loader\'s bytea text', () => {
  it('stores strings and arrays the way PostgreSQL reads them as bytea text', () => {
    expect(pgByteaText('2\\000')?.toString('hex')).toBe('3200');
    expect(pgByteaText([1, 2, 3])?.toString('utf8')).toBe('{"1","2","3"}');
    expect(pgByteaText('\\x0102')?.toString('hex')).toBe('0102');
  });
});
