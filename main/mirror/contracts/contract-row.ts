/** One contract entity (current or historical) with its `contract` row, int64 columns as bigint. */
export interface ContractRow {
  id: bigint;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: bigint | null;
  evm_address: Buffer | null;
  expiration_timestamp: bigint | null;
  key: Buffer | null;
  max_automatic_token_associations: bigint | null;
  memo: string | null;
  ethereum_nonce: bigint | null;
  obtainer_id: bigint | null;
  permanent_removal: bigint | null;
  proxy_account_id: bigint | null;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
  file_id: bigint | null;
  initcode?: Buffer | null;
  runtime_bytecode?: Buffer | null;
}

export const CONTRACT_COLUMNS = [
  'e.id', 'e.auto_renew_account_id', 'e.auto_renew_period', 'e.created_timestamp', 'e.deleted', 'e.evm_address',
  'e.expiration_timestamp', 'e.key', 'e.max_automatic_token_associations', 'e.memo', 'e.ethereum_nonce', 'e.obtainer_id',
  'e.permanent_removal', 'e.proxy_account_id', 'e.timestamp_range_lower', 'e.timestamp_range_upper', 'c.file_id',
].join(', ');
