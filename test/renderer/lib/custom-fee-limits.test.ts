import { describe, expect, it } from 'vitest';
import { limitUses } from '../../../renderer/src/lib/custom-fee-limits.ts';
import type { AssessedFee, CustomFeeLimit } from '../../../renderer/src/lib/ledger-types.ts';

function limit(account: string, amount: CustomFeeLimit['amount'], token: string | null = null): CustomFeeLimit {
  return { account_id: account, amount, denominating_token_id: token };
}

function fee(collector: string, amount: AssessedFee['amount'], token: string | null = null): AssessedFee {
  return { amount, collector_account_id: collector, token_id: token, effective_payer_account_ids: ['0.0.1001'] };
}

describe('limitUses', () => {
  it('counts the fees to the same collector in the same denomination against each limit', () => {
    const uses = limitUses(
      [limit('0.0.8', 10_000_000), limit('0.0.8', 2_000, '0.0.5100'), limit('0.0.9', 500)],
      [fee('0.0.8', 5_000_000), fee('0.0.8', 1_500, '0.0.5100'), fee('0.0.9', 700, '0.0.5100'), fee('0.0.8', 3_000_000)],
    );
    expect(uses.map(({ fees, charged, within }) => ({ fees, charged, within }))).toEqual([
      { fees: 2, charged: 8_000_000n, within: true },
      { fees: 1, charged: 1_500n, within: true },
      // 0.0.9's fee is in a token, its limit in HBAR: nothing was charged against it.
      { fees: 0, charged: 0n, within: null },
    ]);
  });

  it('says when the fees went over a limit, and that a limit reached exactly is within it', () => {
    expect(limitUses([limit('0.0.8', 100)], [fee('0.0.8', 60), fee('0.0.8', 41)])[0]).toMatchObject({ charged: 101n, within: false });
    expect(limitUses([limit('0.0.8', 100)], [fee('0.0.8', 100n)])[0]).toMatchObject({ charged: 100n, within: true });
  });

  it('keeps amounts beyond 2^53 exact', () => {
    const big = 2n ** 62n + 1n; // a double would round it to 2^62
    expect(limitUses([limit('0.0.8', big)], [fee('0.0.8', big - 2n), fee('0.0.8', 2)])[0]).toMatchObject({ charged: big, within: true });
    expect(limitUses([limit('0.0.8', big - 1n)], [fee('0.0.8', big)])[0]).toMatchObject({ within: false });
  });

  it('compares nothing when an amount is not an integer', () => {
    expect(limitUses([limit('0.0.8', 100)], [fee('0.0.8', 1.5)])[0]).toMatchObject({ fees: 1, charged: null, within: null });
    expect(limitUses([limit('0.0.8', 99.5)], [fee('0.0.8', 1)])[0]).toMatchObject({ fees: 1, charged: 1n, within: null });
  });
});
