import { describe, expect, it } from 'vitest';
import { blockNumberOf, readBlockNumber } from '../../../renderer/src/lib/block-number.ts';
import { MAX_LONG } from '../../../renderer/src/lib/whole-number.ts';

describe('readBlockNumber', () => {
  it.each([
    ['16332', 16332n],
    [' 007 ', 7n],
    ['16,332', 16332n],
    ['1,234,567', 1234567n],
    ['16 332', 16332n],
    ['16\u00A0332', 16332n],
    ['16\u202F332', 16332n],
    ['1\u2009234\u2009567', 1234567n],
    ['#16332', 16332n],
    ['# 16,332', 16332n],
    ['\u200B16,332\uFEFF', 16332n],
    ['9223372036854775807', MAX_LONG],
  ])('reads %j as block %s', (input, number) => {
    expect(readBlockNumber(input)).toEqual({ kind: 'number', number });
  });

  it.each([
    // Not grouped by thousands, or by two separators: a list or a typo rather than a number.
    '1,2', '16,33', '16,3320', ',332', '16,332,', '16, 332', '1,234 567', '16  332',
    // An entity id's dots and a timestamp's are never read as grouping.
    '16.332', '0.0.16332', '1.234.567', '1791994154.785003172',
    '', '#', '-5', '12x', '0x10', '##5', '5#',
  ])('refuses %j', (input) => {
    expect(readBlockNumber(input)).toEqual({ kind: 'not-a-number' });
  });

  it('says a number past the largest a block can have is too large, grouped or not', () => {
    expect(readBlockNumber('9223372036854775808')).toEqual({ kind: 'too-large' });
    expect(readBlockNumber('9,223,372,036,854,775,808')).toEqual({ kind: 'too-large' });
    expect(readBlockNumber('1'.repeat(30))).toEqual({ kind: 'too-large' });
  });
});

describe('blockNumberOf (the Blocks screen field)', () => {
  it('opens a number as the app shows it', () => {
    expect(blockNumberOf('16,330')).toEqual({ ok: true, number: 16330n });
    expect(blockNumberOf('#16330')).toEqual({ ok: true, number: 16330n });
  });

  it('says what is not a number, with a grouped example', () => {
    expect(blockNumberOf('12x')).toEqual({ ok: false, message: '“12x” is not a block number: block numbers are whole numbers, like 0, 1234 or 16,332.' });
  });

  it('says a number too large is, and the largest a block can have, rather than that it is no whole number', () => {
    expect(blockNumberOf('9'.repeat(19))).toEqual({
      ok: false,
      message: '“9999999999999999999” is larger than any block number: the largest a block can have is 9,223,372,036,854,775,807.',
    });
  });

  it('quotes a long paste cut short, with its length', () => {
    const result = blockNumberOf(`60806040${'ab'.repeat(2400)}`);
    expect(result).toEqual({ ok: false, message: `“60806040${'ab'.repeat(26)}…” (4,808 characters) is not a block number: block numbers are whole numbers, like 0, 1234 or 16,332.` });
  });
});
