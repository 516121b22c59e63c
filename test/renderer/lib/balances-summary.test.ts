import { describe, expect, it } from 'vitest';
import { balancesSummary } from '../../../renderer/src/lib/balances-summary.ts';

describe('balancesSummary', () => {
  it('says how many of the accounts listed hold some and how many are associated at zero', () => {
    const balances = [...Array.from({ length: 14 }, (_, i) => ({ balance: i + 1 })), ...Array.from({ length: 11 }, () => ({ balance: 0 }))];
    expect(balancesSummary(balances)).toBe('Of the accounts shown, 14 hold some; 11 are associated with the token but hold none.');
    expect(balancesSummary([{ balance: 5n }, { balance: 0n }])).toBe('Of the accounts shown, 1 holds some; 1 is associated with the token but holds none.');
    expect(balancesSummary([{ balance: 0 }, { balance: 0 }])).toBe('Of the accounts shown, none holds any; 2 are associated with the token but hold none.');
  });

  it('says nothing when every account listed holds some: the count is then one of holders', () => {
    expect(balancesSummary([{ balance: 1 }, { balance: 9_000_000_000_000_000_000n }])).toBeNull();
    expect(balancesSummary([])).toBeNull();
  });
});
