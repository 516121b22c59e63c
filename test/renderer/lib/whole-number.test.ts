import { describe, expect, it } from 'vitest';
import { MAX_LONG, readWholeNumber } from '../../../renderer/src/lib/whole-number.ts';

describe('readWholeNumber', () => {
  it('reads digits alone or grouped by thousands, through invisible characters and spaces around', () => {
    expect(readWholeNumber(' 0042 ', 100n)).toEqual({ kind: 'number', number: 42n });
    expect(readWholeNumber('\u200B1,234,567\uFEFF', MAX_LONG)).toEqual({ kind: 'number', number: 1234567n });
    expect(readWholeNumber('1\u202F234', MAX_LONG)).toEqual({ kind: 'number', number: 1234n });
  });

  it('holds to the maximum it is given', () => {
    expect(readWholeNumber('1,000', 1000n)).toEqual({ kind: 'number', number: 1000n });
    expect(readWholeNumber('1,001', 1000n)).toEqual({ kind: 'too-large' });
    expect(readWholeNumber(String(MAX_LONG + 1n), MAX_LONG)).toEqual({ kind: 'too-large' });
  });

  it('is the largest signed 64-bit integer', () => {
    expect(MAX_LONG).toBe(9223372036854775807n);
  });

  it.each(['', '1,2', '1.234', '-5', '#5', '1,234 567'])('refuses %j', (input) => {
    expect(readWholeNumber(input, MAX_LONG)).toEqual({ kind: 'not-a-number' });
  });
});
