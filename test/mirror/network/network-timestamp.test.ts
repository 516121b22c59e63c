import { describe, expect, it } from 'vitest';
import { supplyWindow } from '../../../main/mirror/network/network-timestamp.ts';
import { MAX_LONG } from '../../../main/mirror/query/param-values.ts';

const range = (lower: bigint, upper: bigint) => ({ lower, upper, given: true });

describe('supplyWindow', () => {
  it('holds the upper bound at now and at 0, as the reference\'s extractSupplyQuery does', () => {
    expect(supplyWindow(range(5n, MAX_LONG), 1000n)).toEqual({ ok: true, range: range(5n, 1000n) });
    expect(supplyWindow(range(5n, 600n), 1000n)).toEqual({ ok: true, range: range(5n, 600n) });
    expect(supplyWindow(range(0n, -1n), 1000n)).toEqual({ ok: true, range: range(0n, 0n) });
  });

  it('refuses a lower bound past the upper one, now included', () => {
    const crossed = { ok: false, error: { status: 400, messages: [{ message: 'Lower timestamp cannot be higher than upper timestamp' }] } };
    expect(supplyWindow(range(1001n, MAX_LONG), 1000n)).toEqual(crossed);
    expect(supplyWindow(range(3n, 2n), 1000n)).toEqual(crossed);
    expect(supplyWindow(range(1000n, MAX_LONG), 1000n)).toMatchObject({ ok: true });
  });
});
