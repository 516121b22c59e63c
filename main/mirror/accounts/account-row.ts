/** One row of the accounts page query, read with safe integers (int64 columns as bigint). */
export interface AccountRow {
  id: bigint;
  alias: Buffer | null;
  auto_renew_period: bigint | null;
  balance: bigint | null;
  balance_timestamp: bigint | null;
  created_timestamp: bigint | null;
  decline_reward: bigint;
  delegation_address: Buffer | null;
  deleted: bigint | null;
  ethereum_nonce: bigint | null;
  evm_address: Buffer | null;
  expiration_timestamp: bigint | null;
  key: Buffer | null;
  max_automatic_token_associations: bigint | null;
  memo: string | null;
  receiver_sig_required: bigint | null;
  staked_account_id: bigint | null;
  staked_node_id: bigint | null;
  stake_period_start: bigint | null;
  end_stake_period: bigint | null;
  pending_reward: bigint | null;
}

export interface TokenBalanceRow {
  token_id: bigint;
  balance: bigint;
}
