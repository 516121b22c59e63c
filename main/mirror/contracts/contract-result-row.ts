/** A contract_result row joined with its contract's EVM address; int64 columns as bigint. */
export interface ContractResultRow {
  consensus_timestamp: bigint;
  contract_id: bigint | null;
  amount: bigint | null;
  bloom: Buffer | null;
  call_result: Buffer | null;
  created_contract_ids: string | null;
  error_message: string | null;
  failed_initcode: Buffer | null;
  function_parameters: Buffer | null;
  function_result: Buffer | null;
  gas_consumed: bigint | null;
  gas_limit: bigint | null;
  gas_used: bigint | null;
  payer_account_id: bigint | null;
  sender_id: bigint | null;
  transaction_hash: Buffer | null;
  transaction_index: bigint | null;
  transaction_nonce: bigint;
  transaction_result: bigint | null;
  evm_address: Buffer | null;
}

export const CONTRACT_RESULT_COLUMNS = [
  'consensus_timestamp', 'contract_id', 'amount', 'bloom', 'call_result', 'created_contract_ids', 'error_message',
  'failed_initcode', 'function_parameters', 'function_result', 'gas_consumed', 'gas_limit', 'gas_used', 'payer_account_id',
  'sender_id', 'transaction_hash', 'transaction_index', 'transaction_nonce', 'transaction_result',
].map((c) => `cr.${c}`).join(', ');

export interface EthereumTransactionRow {
  consensus_timestamp: bigint;
  access_list: Buffer | null;
  authorization_list: string | null;
  call_data: Buffer | null;
  call_data_id: bigint | null;
  chain_id: Buffer | null;
  gas_limit: bigint | null;
  gas_price: Buffer | null;
  hash: Buffer | null;
  max_fee_per_gas: Buffer | null;
  max_priority_fee_per_gas: Buffer | null;
  nonce: bigint | null;
  payer_account_id: bigint | null;
  recovery_id: bigint | null;
  signature_r: Buffer | null;
  signature_s: Buffer | null;
  signature_v: Buffer | null;
  to_address: Buffer | null;
  type: bigint | null;
  value: Buffer | null;
}

/** The block (record file) a timestamp falls in. */
export interface BlockRow {
  consensus_start: bigint;
  consensus_end: bigint;
  hash: string;
  index: bigint;
  gas_used: bigint | null;
}

export interface ContractLogRow {
  consensus_timestamp: bigint;
  index: bigint;
  bloom: Buffer | null;
  contract_id: bigint | null;
  data: Buffer | null;
  root_contract_id: bigint | null;
  topic0: Buffer | null;
  topic1: Buffer | null;
  topic2: Buffer | null;
  topic3: Buffer | null;
  transaction_hash: Buffer | null;
  transaction_index: bigint | null;
  evm_address: Buffer | null;
}

export interface StateChangeRow {
  consensus_timestamp: bigint;
  contract_id: bigint;
  slot: Buffer;
  value_read: Buffer | null;
  value_written: Buffer | null;
  evm_address: Buffer | null;
}
