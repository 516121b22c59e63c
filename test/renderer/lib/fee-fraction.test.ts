import { describe, expect, it } from 'vitest';
import { fractionPercent } from '../../../renderer/src/lib/fee-fraction.ts';

describe('fractionPercent', () => {
  it('gives a fee fraction as a percentage without trailing zeros', () => {
    expect(fractionPercent(4, 1000)).toBe('0.4%');
    expect(fractionPercent(5, 100)).toBe('5%');
    expect(fractionPercent('1', '1')).toBe('100%');
    expect(fractionPercent(0, 7)).toBe('0%');
  });

  it('rounds to four decimals, and says when a fraction is smaller than that shows', () => {
    expect(fractionPercent(1, 3)).toBe('33.3333%');
    expect(fractionPercent(2, 3)).toBe('66.6667%');
    expect(fractionPercent(1, 100_000)).toBe('0.001%');
    expect(fractionPercent(1, 10_000_000_000)).toBe('<0.0001%');
  });

  it('stays exact beyond 2^53 and groups the whole percent', () => {
    expect(fractionPercent('9007199254740993', '9007199254740993')).toBe('100%');
    expect(fractionPercent(25, 1)).toBe('2,500%');
  });

  it('gives null for numbers it cannot read or a denominator that is not positive', () => {
    expect(fractionPercent(1, 0)).toBeNull();
    expect(fractionPercent(1, -4)).toBeNull();
    expect(fractionPercent(-1, 4)).toBeNull();
    expect(fractionPercent('x', 4)).toBeNull();
    expect(fractionPercent(null, 4)).toBeNull();
  });
});
