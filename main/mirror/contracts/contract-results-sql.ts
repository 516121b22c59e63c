import { sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { CONTRACT_RESULT_COLUMNS } from './contract-result-row.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { addFilterConditions } from '../query/sql-comparisons.ts';

/** The resolved conditions of a contract results page. */
export interface ResultConditions {
  contractId: bigint | null;
  senders: Filter<bigint>[];
  timestamps: Filter<bigint>[];
  transactionIndexes: bigint[];
  internal: boolean;
}

/**
 * One page of contract results with their contract's EVM address. The index is pinned: the
 * contract's own index when a contract is given, else the sender index for a sender
 * equality, else time order; other filters are checked on the rows it yields.
 */
export function contractResultsPageSql(conditions: ResultConditions, order: SortOrder, limit: number): SqlStatement {
  const where: string[] = [];
  const params: SqlStatement['params'] = [];
  const equalSenders = conditions.senders.filter((f) => f.operator === 'eq');
  const index = conditions.contractId !== null
    ? 'contract_result__contract_timestamp'
    : equalSenders.length === 1 ? 'contract_result__sender_timestamp' : 'contract_result__timestamp';
  if (conditions.contractId !== null) {
    where.push('cr.contract_id = ?');
    params.push(sqlInt(conditions.contractId));
  }
  addFilterConditions(where, params, 'cr.sender_id', conditions.senders, sqlInt);
  addFilterConditions(where, params, 'cr.consensus_timestamp', conditions.timestamps, sqlInt);
  if (conditions.transactionIndexes.length > 0) {
    where.push(`cr.transaction_index IN (${conditions.transactionIndexes.map(() => '?').join(', ')})`);
    params.push(...conditions.transactionIndexes.map(sqlInt));
  }
  if (!conditions.internal) where.push('cr.transaction_nonce = 0');
  params.push(limit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return {
    sql: `SELECT ${CONTRACT_RESULT_COLUMNS}, e.evm_address FROM contract_result cr INDEXED BY ${index}
LEFT JOIN entity e ON e.id = cr.contract_id
${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
ORDER BY cr.consensus_timestamp ${direction} LIMIT ?`,
    params,
  };
}

/** Results at one timestamp (a transaction and its child frames), with their contract's EVM address. */
export const RESULTS_AT_SQL = `SELECT ${CONTRACT_RESULT_COLUMNS}, e.evm_address FROM contract_result cr
LEFT JOIN entity e ON e.id = cr.contract_id WHERE cr.consensus_timestamp = ?`;

/** The Ethereum transaction at a timestamp sent by a payer. */
export const ETHEREUM_TRANSACTION_SQL = `SELECT * FROM ethereum_transaction WHERE consensus_timestamp = ? AND payer_account_id IS ?`;

/** Logs at one timestamp, with their contract's EVM address, in index order. */
export const LOGS_AT_SQL = `SELECT l.*, e.evm_address FROM contract_log l LEFT JOIN entity e ON e.id = l.contract_id
WHERE l.consensus_timestamp = ? ORDER BY l."index"`;

/** State changes at one timestamp, with their contract's EVM address. */
export const STATE_CHANGES_AT_SQL = `SELECT sc.consensus_timestamp, sc.contract_id, sc.slot, sc.value_read, sc.value_written, sc.migration,
  sc.payer_account_id, e.evm_address FROM contract_state_change sc LEFT JOIN entity e ON e.id = sc.contract_id
WHERE sc.consensus_timestamp = ? ORDER BY sc.contract_id, sc.slot`;

/** Results sharing a transaction hash: the successful one first, then the newest. */
export const RESULT_BY_HASH_SQL = `SELECT consensus_timestamp, contract_id, payer_account_id FROM contract_result
WHERE transaction_hash = ? ORDER BY (transaction_result = 22) DESC, consensus_timestamp DESC LIMIT 1`;
