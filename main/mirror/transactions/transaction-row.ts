/** A `transaction` row as the transactions queries read it (int64 columns as bigint). */
export interface TransactionRow {
  consensus_timestamp: bigint;
  batch_key: Buffer | null;
  charged_tx_fee: bigint | null;
  entity_id: bigint | null;
  high_volume: bigint;
  high_volume_pricing_multiplier: bigint | null;
  inner_transactions: string | null;
  max_custom_fees: string | null;
  max_fee: bigint | null;
  memo: Buffer | null;
  nft_transfer: string | null;
  node_account_id: bigint | null;
  nonce: bigint;
  parent_consensus_timestamp: bigint | null;
  payer_account_id: bigint;
  result: bigint;
  scheduled: bigint;
  transaction_bytes: Buffer | null;
  transaction_hash: Buffer | null;
  type: bigint;
  valid_duration_seconds: bigint | null;
  valid_start_ns: bigint;
}

export const TRANSACTION_COLUMNS = [
  'consensus_timestamp', 'batch_key', 'charged_tx_fee', 'entity_id', 'high_volume', 'high_volume_pricing_multiplier',
  'inner_transactions', 'max_custom_fees', 'max_fee', 'memo', 'nft_transfer', 'node_account_id', 'nonce',
  'parent_consensus_timestamp', 'payer_account_id', 'result', 'scheduled', 'transaction_bytes', 'transaction_hash',
  'type', 'valid_duration_seconds', 'valid_start_ns',
].map((c) => `t.${c}`).join(', ');

export interface CryptoTransferRow {
  consensus_timestamp: bigint;
  entity_id: bigint;
  amount: bigint;
  is_approval: bigint | null;
}

export interface TokenTransferRow {
  consensus_timestamp: bigint;
  token_id: bigint;
  account_id: bigint;
  amount: bigint;
  is_approval: bigint | null;
}

export interface StakingRewardRow {
  consensus_timestamp: bigint;
  account_id: bigint;
  amount: bigint;
}

export interface AssessedFeeRow {
  consensus_timestamp: bigint;
  amount: bigint;
  collector_account_id: bigint;
  effective_payer_account_ids: string;
  payer_account_id: bigint;
  token_id: bigint | null;
}

/** Everything a page of transactions renders from, keyed by consensus timestamp. */
export interface TransactionDetails {
  rows: TransactionRow[];
  transfers: Map<bigint, CryptoTransferRow[]>;
  tokenTransfers: Map<bigint, TokenTransferRow[]>;
  stakingRewards: Map<bigint, StakingRewardRow[]>;
  /** Present for by-id answers only (the list leaves assessed fees out, as the reference). */
  assessedFees: Map<bigint, AssessedFeeRow[]> | null;
}
