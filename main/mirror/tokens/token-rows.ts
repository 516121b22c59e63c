/** Rows the token endpoints read, with int64 columns as bigint. */
export interface TokenListRow {
  token_id: bigint;
  decimals: bigint;
  metadata: Buffer | null;
  name: string;
  symbol: string;
  type: string;
  key: Buffer | null;
}

export interface TokenRow {
  token_id: bigint;
  created_timestamp: bigint;
  decimals: bigint;
  fee_schedule_key: Buffer | null;
  freeze_default: bigint;
  freeze_key: Buffer | null;
  initial_supply: bigint;
  kyc_key: Buffer | null;
  max_supply: bigint;
  metadata: Buffer | null;
  metadata_key: Buffer | null;
  name: string;
  pause_key: Buffer | null;
  pause_status: string;
  supply_key: Buffer | null;
  supply_type: string;
  symbol: string;
  total_supply: bigint;
  treasury_account_id: bigint;
  type: string;
  wipe_key: Buffer | null;
  timestamp_range_lower: bigint;
}

export interface TokenEntityRow {
  id: bigint;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  deleted: bigint | null;
  key: Buffer | null;
  expiration_timestamp: bigint | null;
  memo: string | null;
  timestamp_range_lower: bigint;
}

export interface CustomFeeRow {
  entity_id: bigint;
  fixed_fees: string | null;
  fractional_fees: string | null;
  royalty_fees: string | null;
  timestamp_range_lower: bigint;
}
