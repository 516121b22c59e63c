import { formatEntityId } from '../format/entity-id.ts';
import { int64, parseJsonLossless } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { formatTransactionId } from '../format/transaction-id.ts';
import { transactionResultName } from '../format/transaction-result.ts';
import { transactionTypeName } from '../format/transaction-type.ts';
import type { TransactionDetails, TransactionRow } from './transaction-row.ts';

function base64(bytes: Buffer | null): string | null {
  return bytes === null ? null : bytes.toString('base64');
}

function entity(id: bigint | number | null | undefined): string | null {
  return id === null || id === undefined ? null : formatEntityId(id);
}

interface StoredFeeLimit {
  account_id: bigint | number;
  fees: Array<{ amount: bigint | number; denominating_token_id: bigint | number | null }>;
}

interface StoredNftTransfer {
  receiver_account_id: bigint | number | null;
  sender_account_id: bigint | number | null;
  serial_number: bigint | number;
  token_id: bigint | number | null;
  is_approval: boolean | null;
}

/** Custom fee limits, one entry per limit and fee, as the reference flattens them. */
function renderMaxCustomFees(json: string | null): unknown[] {
  if (!json) return [];
  const limits = parseJsonLossless(json) as StoredFeeLimit[];
  return limits.flatMap((limit) => limit.fees.map((fee) => ({
    account_id: entity(limit.account_id),
    amount: int64(fee.amount),
    denominating_token_id: entity(fee.denominating_token_id),
  })));
}

export function renderNftTransfers(json: string | null): unknown[] {
  if (!json) return [];
  return (parseJsonLossless(json) as StoredNftTransfer[]).map((n) => ({
    is_approval: n.is_approval ?? false,
    receiver_account_id: entity(n.receiver_account_id),
    sender_account_id: entity(n.sender_account_id),
    serial_number: int64(n.serial_number),
    token_id: entity(n.token_id),
  }));
}

/** One transaction as the reference's API renders it (rest/transactions.js formatTransactionRows). */
export function renderTransaction(row: TransactionRow, details: TransactionDetails): Record<string, unknown> {
  const fields = renderTransactionFields(row, details);
  if (!details.assessedFees) return fields;
  // The by-id answer (few rows) leads with its assessed fees; the list path skips this copy.
  const fees = details.assessedFees.get(row.consensus_timestamp);
  return {
    assessed_custom_fees: fees?.map((fee) => ({
      amount: int64(fee.amount),
      collector_account_id: formatEntityId(fee.collector_account_id),
      effective_payer_account_ids: (parseJsonLossless(fee.effective_payer_account_ids) as Array<bigint | number>).map((id) => formatEntityId(id)),
      token_id: entity(fee.token_id),
    })),
    ...fields,
  };
}

/**
 * Every field but the assessed fees, in the reference's key order, as one object literal
 * (one hidden class, no copying: this runs for each row of every page).
 */
function renderTransactionFields(row: TransactionRow, details: TransactionDetails): Record<string, unknown> {
  const ts = row.consensus_timestamp;
  return {
    batch_key: renderKey(row.batch_key),
    bytes: base64(row.transaction_bytes),
    charged_tx_fee: int64(row.charged_tx_fee),
    consensus_timestamp: formatTimestamp(ts),
    entity_id: entity(row.entity_id),
    high_volume: row.high_volume === 1n,
    high_volume_pricing_multiplier: int64(row.high_volume_pricing_multiplier),
    max_custom_fees: renderMaxCustomFees(row.max_custom_fees),
    max_fee: row.max_fee === null ? null : row.max_fee.toString(),
    memo_base64: base64(row.memo),
    name: transactionTypeName(row.type),
    nft_transfers: renderNftTransfers(row.nft_transfer),
    node: entity(row.node_account_id),
    nonce: int64(row.nonce),
    parent_consensus_timestamp: formatTimestamp(row.parent_consensus_timestamp),
    result: transactionResultName(row.result),
    scheduled: row.scheduled === 1n,
    staking_reward_transfers: (details.stakingRewards.get(ts) ?? []).map((r) => ({ account: formatEntityId(r.account_id), amount: int64(r.amount) })),
    token_transfers: (details.tokenTransfers.get(ts) ?? []).map((t) => ({
      token_id: formatEntityId(t.token_id),
      account: formatEntityId(t.account_id),
      amount: int64(t.amount),
      is_approval: t.is_approval === 1n,
    })),
    transaction_hash: base64(row.transaction_hash),
    transaction_id: formatTransactionId(row.payer_account_id, row.valid_start_ns),
    transfers: (details.transfers.get(ts) ?? []).map((t) => ({ account: formatEntityId(t.entity_id), amount: int64(t.amount), is_approval: t.is_approval === 1n })),
    valid_duration_seconds: row.valid_duration_seconds === null ? null : row.valid_duration_seconds.toString(),
    valid_start_timestamp: formatTimestamp(row.valid_start_ns),
  };
}
