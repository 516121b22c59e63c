import { transactionResultCode } from '../mirror/format/transaction-result.ts';
import { upstreamTransactionTypeId } from '../mirror/format/transaction-type.ts';
import { stringifyJson } from '../mirror/format/json-out.ts';
import { base64Of, boolOf, entityIdOf, intOf, keyBytesOf, listOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';

type SqlValue = bigint | Buffer | string | null;

/**
 * One transaction of the upstream's `/api/v1/transactions` turned back into the rows that the
 * local API renders to the same JSON: the `transaction` row (nft transfers and custom fee
 * limits as the JSON columns the renderer reads) and its transfer, reward and hash rows.
 */
export interface TransactionRows {
  transaction: Record<string, SqlValue>;
  cryptoTransfers: Array<{ entity_id: bigint; amount: bigint; is_approval: bigint }>;
  tokenTransfers: Array<{ token_id: bigint; account_id: bigint; amount: bigint; is_approval: bigint }>;
  nftTransfers: Array<{ token_id: bigint; serial_number: bigint; sender_account_id: bigint | null; receiver_account_id: bigint | null; is_approval: bigint }>;
  stakingRewards: Array<{ account_id: bigint; amount: bigint }>;
  /** From a by-id answer only; null when the source (a list page) does not carry them, so stored ones stay. */
  assessedFees: Array<{ amount: bigint; collector_account_id: bigint; effective_payer_account_ids: string; token_id: bigint | null }> | null;
  /** The 48-byte SHA-384 split as the hash index keeps it: 32 bytes searched, the rest compared. */
  hash: { hash: Buffer; suffix: Buffer } | null;
}

/** A transaction id as the reference writes it: `payer-seconds-nanos`. */
export const TRANSACTION_ID = /^(\d{1,4}\.\d{1,5}\.\d{1,12})-(\d{1,19})-(\d{1,9})$/;

/**
 * The rows of one transaction, or null when its type or result is a name this project does
 * not know: stored, it would render as UNKNOWN, not as the upstream wrote it. A value that
 * does not fit its format throws (UpstreamFormatError).
 */
export function transactionRowsOf(tx: Record<string, unknown>): TransactionRows | null {
  const consensus = required(timestampOf(tx.consensus_timestamp), 'consensus_timestamp');
  const id = typeof tx.transaction_id === 'string' ? TRANSACTION_ID.exec(tx.transaction_id) : null;
  if (!id) throw new UpstreamFormatError(`not a transaction id: ${JSON.stringify(tx.transaction_id)}`);
  const payer = required(entityIdOf(id[1]), 'transaction_id');
  if (typeof tx.name !== 'string' || typeof tx.result !== 'string') throw new UpstreamFormatError('a transaction without name or result');
  const type = upstreamTransactionTypeId(tx.name);
  const result = transactionResultCode(tx.result);
  if (type === null || result === null) return null;

  const nftTransfers = listOf(tx.nft_transfers).map((n) => ({
    token_id: required(entityIdOf(n.token_id), 'nft_transfers.token_id'),
    serial_number: required(intOf(n.serial_number), 'nft_transfers.serial_number'),
    sender_account_id: entityIdOf(n.sender_account_id),
    receiver_account_id: entityIdOf(n.receiver_account_id),
    is_approval: boolOf(n.is_approval) ?? 0n,
  }));
  const hash = base64Of(tx.transaction_hash);
  return {
    transaction: {
      consensus_timestamp: consensus,
      batch_key: keyBytesOf(tx.batch_key),
      charged_tx_fee: intOf(tx.charged_tx_fee),
      entity_id: entityIdOf(tx.entity_id),
      high_volume: boolOf(tx.high_volume) ?? 0n,
      high_volume_pricing_multiplier: intOf(tx.high_volume_pricing_multiplier),
      max_custom_fees: customFeeLimitsJson(tx.max_custom_fees),
      max_fee: intOf(tx.max_fee),
      memo: base64Of(tx.memo_base64),
      // The renderer writes an empty list for a null column; stored as null unless there are transfers.
      nft_transfer: nftTransfers.length === 0 ? null : stringifyJson(nftTransfers.map((n) => ({
        receiver_account_id: n.receiver_account_id,
        sender_account_id: n.sender_account_id,
        serial_number: n.serial_number,
        token_id: n.token_id,
        is_approval: n.is_approval === 1n,
      }))),
      node_account_id: entityIdOf(tx.node),
      nonce: intOf(tx.nonce) ?? 0n,
      parent_consensus_timestamp: timestampOf(tx.parent_consensus_timestamp),
      payer_account_id: payer,
      result: BigInt(result),
      scheduled: boolOf(tx.scheduled) ?? 0n,
      transaction_bytes: base64Of(tx.bytes),
      transaction_hash: hash,
      type: BigInt(type),
      valid_duration_seconds: intOf(tx.valid_duration_seconds),
      valid_start_ns: timestampOf(tx.valid_start_timestamp) ?? BigInt(id[2]!) * 1_000_000_000n + BigInt(id[3]!),
    },
    cryptoTransfers: listOf(tx.transfers).map((t) => ({
      entity_id: required(entityIdOf(t.account), 'transfers.account'),
      amount: required(intOf(t.amount), 'transfers.amount'),
      is_approval: boolOf(t.is_approval) ?? 0n,
    })),
    tokenTransfers: listOf(tx.token_transfers).map((t) => ({
      token_id: required(entityIdOf(t.token_id), 'token_transfers.token_id'),
      account_id: required(entityIdOf(t.account), 'token_transfers.account'),
      amount: required(intOf(t.amount), 'token_transfers.amount'),
      is_approval: boolOf(t.is_approval) ?? 0n,
    })),
    nftTransfers,
    stakingRewards: listOf(tx.staking_reward_transfers).map((r) => ({
      account_id: required(entityIdOf(r.account), 'staking_reward_transfers.account'),
      amount: required(intOf(r.amount), 'staking_reward_transfers.amount'),
    })),
    assessedFees: tx.assessed_custom_fees === undefined ? null : listOf(tx.assessed_custom_fees).map((fee) => ({
      amount: required(intOf(fee.amount), 'assessed_custom_fees.amount'),
      collector_account_id: required(entityIdOf(fee.collector_account_id), 'assessed_custom_fees.collector_account_id'),
      effective_payer_account_ids: stringifyJson(idList(fee.effective_payer_account_ids)),
      token_id: entityIdOf(fee.token_id),
    })),
    hash: hash === null ? null : { hash: hash.subarray(0, 32), suffix: hash.subarray(32) },
  };
}

/**
 * The API flattens custom fee limits to one entry per fee; the column keeps them per account,
 * so consecutive entries of one account are one limit again (the flattening keeps their order).
 */
function customFeeLimitsJson(value: unknown): string | null {
  const limits: Array<{ account_id: bigint; fees: Array<{ amount: bigint; denominating_token_id: bigint | null }> }> = [];
  for (const fee of listOf(value)) {
    const account = required(entityIdOf(fee.account_id), 'max_custom_fees.account_id');
    const entry = { amount: required(intOf(fee.amount), 'max_custom_fees.amount'), denominating_token_id: entityIdOf(fee.denominating_token_id) };
    const last = limits.at(-1);
    if (last && last.account_id === account) last.fees.push(entry);
    else limits.push({ account_id: account, fees: [entry] });
  }
  return limits.length === 0 ? null : stringifyJson(limits);
}

function idList(value: unknown): bigint[] {
  if (!Array.isArray(value)) throw new UpstreamFormatError(`not a list of entity ids: ${JSON.stringify(value)}`);
  return value.map((id) => required(entityIdOf(id), 'effective_payer_account_ids'));
}

function required<T>(value: T | null, field: string): T {
  if (value === null) throw new UpstreamFormatError(`a transaction without ${field}`);
  return value;
}
