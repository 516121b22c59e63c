import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';

/** Tables of the demo's history and network: cleared with the rest before a regeneration. */
export const HISTORY_TABLES = ['"transaction"', 'transaction_hash', 'crypto_transfer', 'token_transfer', 'nft_transfer',
  'transaction_signature', 'staking_reward_transfer', 'contract', 'contract_result', 'contract_log', 'contract_action',
  'contract_state', 'contract_state_change', 'ethereum_transaction', 'record_file', 'topic', 'topic_history', 'topic_message',
  'schedule', 'nft', 'nft_history', 'crypto_allowance', 'token_allowance', 'nft_allowance', 'token_airdrop', 'custom_fee', 'file_data', 'address_book',
  'address_book_entry', 'address_book_service_endpoint', 'node', 'node_history', 'node_stake', 'network_stake', 'registered_node',
  'assessed_custom_fee', 'hook', 'hook_storage', 'hook_storage_change'] as const;

/** Columns written per table, in the order the `row` arrays give their values. */
const COLUMNS = {
  '"transaction"': ['consensus_timestamp', 'charged_tx_fee', 'entity_id', 'index', 'max_fee', 'memo', 'nft_transfer',
    'node_account_id', 'nonce', 'parent_consensus_timestamp', 'payer_account_id', 'result', 'scheduled', 'transaction_hash',
    'type', 'valid_duration_seconds', 'valid_start_ns', 'max_custom_fees', 'batch_key', 'inner_transactions'],
  transaction_hash: ['consensus_timestamp', 'hash', 'hash_suffix', 'payer_account_id'],
  crypto_transfer: ['consensus_timestamp', 'entity_id', 'amount', 'is_approval', 'payer_account_id'],
  token_transfer: ['consensus_timestamp', 'token_id', 'account_id', 'amount', 'is_approval', 'payer_account_id'],
  nft_transfer: ['consensus_timestamp', 'token_id', 'serial_number', 'sender_account_id', 'receiver_account_id', 'is_approval', 'payer_account_id'],
  transaction_signature: ['consensus_timestamp', 'entity_id', 'public_key_prefix', 'signature', 'type'],
  staking_reward_transfer: ['account_id', 'amount', 'consensus_timestamp', 'payer_account_id'],
  contract: ['id', 'file_id', 'initcode', 'runtime_bytecode'],
  contract_result: ['consensus_timestamp', 'contract_id', 'amount', 'bloom', 'call_result', 'created_contract_ids', 'error_message',
    'failed_initcode', 'function_parameters', 'gas_consumed', 'gas_limit', 'gas_used', 'payer_account_id', 'sender_id',
    'transaction_hash', 'transaction_index', 'transaction_nonce', 'transaction_result'],
  contract_log: ['consensus_timestamp', 'index', 'bloom', 'contract_id', 'data', 'payer_account_id', 'root_contract_id', 'topic0',
    'topic1', 'topic2', 'topic3', 'transaction_hash', 'transaction_index'],
  contract_action: ['consensus_timestamp', 'index', 'call_depth', 'call_operation_type', 'call_type', 'caller', 'caller_type', 'gas',
    'gas_used', 'input', 'payer_account_id', 'recipient_account', 'recipient_address', 'recipient_contract', 'result_data',
    'result_data_type', 'value'],
  contract_state: ['contract_id', 'slot', 'created_timestamp', 'modified_timestamp', 'value'],
  contract_state_change: ['consensus_timestamp', 'contract_id', 'slot', 'migration', 'payer_account_id', 'value_read', 'value_written'],
  ethereum_transaction: ['consensus_timestamp', 'access_list', 'call_data', 'chain_id', 'data', 'gas_limit', 'gas_price', 'hash',
    'max_fee_per_gas', 'max_gas_allowance', 'max_priority_fee_per_gas', 'nonce', 'payer_account_id', 'recovery_id', 'signature_r',
    'signature_s', 'signature_v', 'to_address', 'type', 'value'],
  record_file: ['consensus_end', 'consensus_start', 'count', 'digest_algorithm', 'file_hash', 'gas_used', 'hapi_version_major',
    'hapi_version_minor', 'hapi_version_patch', 'hash', 'index', 'logs_bloom', 'name', 'node_id', 'prev_hash', 'size', 'version'],
  topic: ['id', 'admin_key', 'created_timestamp', 'fee_exempt_key_list', 'fee_schedule_key', 'submit_key', 'timestamp_range_lower'],
  topic_message: ['consensus_timestamp', 'chunk_num', 'chunk_total', 'initial_transaction_id', 'message', 'payer_account_id',
    'running_hash', 'running_hash_version', 'sequence_number', 'topic_id', 'valid_start_timestamp'],
  schedule: ['schedule_id', 'consensus_timestamp', 'creator_account_id', 'executed_timestamp', 'expiration_time', 'payer_account_id',
    'transaction_body', 'wait_for_expiry'],
  nft: ['token_id', 'serial_number', 'account_id', 'created_timestamp', 'delegating_spender', 'deleted', 'metadata', 'spender',
    'timestamp_range_lower'],
  nft_history: ['token_id', 'serial_number', 'account_id', 'created_timestamp', 'delegating_spender', 'deleted', 'metadata', 'spender',
    'timestamp_range_lower', 'timestamp_range_upper'],
  crypto_allowance: ['owner', 'spender', 'amount', 'amount_granted', 'payer_account_id', 'timestamp_range_lower'],
  token_allowance: ['owner', 'spender', 'token_id', 'amount', 'amount_granted', 'payer_account_id', 'timestamp_range_lower'],
  nft_allowance: ['owner', 'spender', 'token_id', 'approved_for_all', 'payer_account_id', 'timestamp_range_lower'],
  token_airdrop: ['sender_account_id', 'receiver_account_id', 'token_id', 'serial_number', 'amount', 'state', 'timestamp_range_lower'],
  custom_fee: ['entity_id', 'fixed_fees', 'fractional_fees', 'royalty_fees', 'timestamp_range_lower'],
  file_data: ['consensus_timestamp', 'entity_id', 'file_data', 'transaction_type'],
  address_book: ['start_consensus_timestamp', 'end_consensus_timestamp', 'file_data', 'file_id', 'node_count'],
  address_book_entry: ['consensus_timestamp', 'node_id', 'description', 'memo', 'node_account_id', 'node_cert_hash', 'public_key', 'stake'],
  address_book_service_endpoint: ['consensus_timestamp', 'node_id', 'ip_address_v4', 'port', 'domain_name'],
  node: ['node_id', 'account_id', 'admin_key', 'created_timestamp', 'decline_reward', 'deleted', 'grpc_proxy_endpoint', 'timestamp_range_lower', 'associated_registered_nodes'],
  registered_node: ['registered_node_id', 'admin_key', 'created_timestamp', 'deleted', 'description', 'service_endpoints', 'type', 'timestamp_range_lower'],
  assessed_custom_fee: ['consensus_timestamp', 'amount', 'collector_account_id', 'effective_payer_account_ids', 'payer_account_id', 'token_id'],
  hook: ['owner_id', 'hook_id', 'admin_key', 'contract_id', 'created_timestamp', 'deleted', 'extension_point', 'type', 'timestamp_range_lower',
    'timestamp_range_upper'],
  hook_storage: ['owner_id', 'hook_id', 'key', 'value', 'created_timestamp', 'modified_timestamp', 'deleted'],
  hook_storage_change: ['owner_id', 'hook_id', 'key', 'consensus_timestamp', 'value_read', 'value_written'],
  node_stake: ['consensus_timestamp', 'node_id', 'epoch_day', 'max_stake', 'min_stake', 'reward_rate', 'stake', 'stake_not_rewarded',
    'stake_rewarded', 'staking_period'],
  network_stake: ['consensus_timestamp', 'epoch_day', 'max_stake_rewarded', 'max_staking_reward_rate_per_hbar', 'max_total_reward',
    'node_reward_fee_denominator', 'node_reward_fee_numerator', 'reserved_staking_rewards', 'reward_balance_threshold', 'stake_total',
    'staking_period', 'staking_period_duration', 'staking_periods_stored', 'staking_reward_fee_denominator',
    'staking_reward_fee_numerator', 'staking_reward_rate', 'staking_start_threshold', 'unreserved_staking_reward_balance'],
} as const;

export type HistoryTable = keyof typeof COLUMNS;
type SqlValue = number | bigint | string | Buffer | null;

/** Tables whose rows may meet a duplicate key (a block shared by two transactions, a second allowance to one spender): the first wins. */
const IGNORE_DUPLICATES = new Set<HistoryTable>(['"transaction"', 'record_file', 'crypto_allowance', 'token_allowance', 'nft_allowance', 'token_transfer']);
/** The transaction table's key is its timestamp; its rows are buffered and written in key order. */
const TRANSACTION = '"transaction"';

/**
 * Positional inserts into the history and network tables, one prepared statement per table.
 * `insert` returns false when a row was skipped as a duplicate (a transaction timestamp that
 * another transaction already took): the caller then leaves out that transaction's children.
 *
 * Transactions arrive in account order, at timestamps all over the history. Inserted one by one
 * they would land at random places of the table's B-tree; buffered until `flush` (before each
 * commit) and sorted, they are written in key order, several times faster.
 */
export class HistoryWriter {
  rows = 0;
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<HistoryTable, Statement>();
  readonly #exists: Statement;
  #pending = new Map<bigint, readonly SqlValue[]>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#exists = db.prepare('SELECT 1 FROM "transaction" WHERE consensus_timestamp = ?').pluck();
  }

  /** Writes the buffered transactions in timestamp order; call before committing. */
  flush(): void {
    const rows = [...this.#pending.values()].sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    this.#pending = new Map();
    const statement = this.#statement(TRANSACTION);
    for (const row of rows) statement.run(...row);
  }

  #statement(table: HistoryTable): Statement {
    let statement = this.#statements.get(table);
    if (!statement) {
      const columns = COLUMNS[table];
      const verb = IGNORE_DUPLICATES.has(table) ? 'INSERT OR IGNORE' : 'INSERT';
      statement = this.#db.prepare(`${verb} INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      this.#statements.set(table, statement);
    }
    return statement;
  }

  clear(): void {
    for (const table of HISTORY_TABLES) this.#db.exec(`DELETE FROM ${table}`);
  }

  insert(table: HistoryTable, values: readonly SqlValue[]): boolean {
    if (table === TRANSACTION) {
      const timestamp = values[0] as bigint;
      if (this.#pending.has(timestamp) || this.#exists.get(timestamp) !== undefined) return false;
      this.#pending.set(timestamp, values);
      this.rows++;
      return true;
    }
    const changed = this.#statement(table).run(...values).changes > 0;
    if (changed) this.rows++;
    return changed;
  }
}
