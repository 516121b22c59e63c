import { formatOptionalEntityId } from '../format/entity-id.ts';
import { int64, parseJsonLossless } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { CustomFeeRow } from './token-rows.ts';

type FeeJson = Record<string, unknown>;

const idOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : formatOptionalEntityId(BigInt(value as string | number | bigint));
const amountOf = (value: unknown): number | bigint | null =>
  value === null || value === undefined ? null : int64(BigInt(value as string | number | bigint));

function feesOf(text: string | null): FeeJson[] {
  return text ? (parseJsonLossless(text) as FeeJson[]) : [];
}

/**
 * A token's custom fee schedule as the reference renders it: fixed fees always, then
 * fractional fees for fungible tokens or royalty fees for NFTs. Fractional fees are paid in
 * the token itself.
 */
export function renderCustomFees(row: CustomFeeRow, tokenType: string): Record<string, unknown> {
  const fixed = feesOf(row.fixed_fees).map((fee) => ({
    all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
    amount: amountOf(fee.amount),
    collector_account_id: idOf(fee.collector_account_id),
    denominating_token_id: idOf(fee.denominating_token_id),
  }));
  if (tokenType === 'FUNGIBLE_COMMON') {
    const fractional = feesOf(row.fractional_fees).map((fee) => ({
      all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
      amount: { denominator: amountOf(fee.denominator), numerator: amountOf(fee.numerator) },
      collector_account_id: idOf(fee.collector_account_id),
      denominating_token_id: idOf(row.entity_id),
      maximum: amountOf(fee.maximum_amount),
      minimum: amountOf(fee.minimum_amount),
      net_of_transfers: fee.net_of_transfers === true,
    }));
    return { created_timestamp: formatTimestamp(row.timestamp_range_lower), fixed_fees: fixed, fractional_fees: fractional };
  }
  const royalty = feesOf(row.royalty_fees).map((fee) => {
    const fallback = fee.fallback_fee as FeeJson | null | undefined;
    return {
      all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
      amount: { denominator: amountOf(fee.denominator), numerator: amountOf(fee.numerator) },
      collector_account_id: idOf(fee.collector_account_id),
      fallback_fee: fallback ? { amount: amountOf(fallback.amount), denominating_token_id: idOf(fallback.denominating_token_id) } : null,
    };
  });
  return { created_timestamp: formatTimestamp(row.timestamp_range_lower), fixed_fees: fixed, royalty_fees: royalty };
}
