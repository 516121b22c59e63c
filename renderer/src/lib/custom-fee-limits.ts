/**
 * A transaction's custom fee limits (HIP-991 `max_custom_fees`) beside the custom fees it was
 * assessed, so the transaction screen can say how much of each limit was used. Only topic
 * submissions carry limits, and their custom fees are all the payer's: every assessed fee to a
 * limit's collector in the limit's denomination counts against it.
 */
import { toBigInt } from './ledger-format.ts';
import type { AssessedFee, CustomFeeLimit } from './ledger-types.ts';

export interface LimitUse {
  limit: CustomFeeLimit;
  /** The assessed fees the limit covers: same collector, same denomination. */
  fees: number;
  /** What those fees add up to (0 when there are none); null when an amount is not an integer. */
  charged: bigint | null;
  /** Whether `charged` stayed within the limit; null when there is nothing to compare. */
  within: boolean | null;
}

/** Each limit with the assessed fees it covers, in the limits' order. */
export function limitUses(limits: readonly CustomFeeLimit[], assessed: readonly AssessedFee[]): LimitUse[] {
  return limits.map((limit) => {
    // A missing token id and a null one both mean HBAR.
    const denomination = limit.denominating_token_id ?? null;
    const covered = assessed.filter((fee) => fee.collector_account_id === limit.account_id && (fee.token_id ?? null) === denomination);
    const amounts = covered.map((fee) => toBigInt(fee.amount));
    const charged = amounts.includes(null) ? null : (amounts as bigint[]).reduce((sum, amount) => sum + amount, 0n);
    const most = toBigInt(limit.amount);
    const within = covered.length === 0 || charged === null || most === null ? null : charged <= most;
    return { limit, fees: covered.length, charged, within };
  });
}
