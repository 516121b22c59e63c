import { sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { CONTRACT_COLUMNS } from './contract-row.ts';
import { addFilterConditions } from '../query/sql-comparisons.ts';

/** The contracts page: contract entities in id order, walked on the partial index of contracts. */
export function contractsPageSql(ids: Filter<bigint>[], order: SortOrder, limit: number): SqlStatement {
  const where = ["e.type = 'CONTRACT'"];
  const params: SqlStatement['params'] = [];
  addFilterConditions(where, params, 'e.id', ids, sqlInt);
  params.push(limit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return {
    sql: `SELECT ${CONTRACT_COLUMNS} FROM entity e INDEXED BY entity__contract LEFT JOIN contract c ON c.id = e.id
WHERE ${where.join(' AND ')} ORDER BY e.id ${direction} LIMIT ?`,
    params,
  };
}

/**
 * One contract by id or EVM address. With timestamp filters the current row and the history
 * rows compete and the newest version valid in the range wins, as in the reference.
 */
export function contractByIdSql(key: 'id' | 'evm_address', timestamps: Filter<bigint>[]): { sql: string; bind: (key: bigint | Buffer) => SqlStatement['params'] } {
  const conditions: string[] = [`e.${key} = ?`, "e.type = 'CONTRACT'"];
  const values: bigint[] = [];
  for (const f of timestamps) {
    const { clause, count } = rangeCondition(f.operator);
    conditions.push(clause);
    for (let i = 0; i < count; i++) values.push(f.value);
  }
  const select = (table: string): string => `SELECT ${CONTRACT_COLUMNS}, c.initcode, c.runtime_bytecode
FROM ${table} e LEFT JOIN contract c ON c.id = e.id WHERE ${conditions.join(' AND ')}`;
  const sql = timestamps.length === 0
    ? select('entity')
    : `${select('entity')}\nUNION ALL\n${select('entity_history')}\nORDER BY timestamp_range_lower DESC LIMIT 1`;
  const tables = timestamps.length === 0 ? 1 : 2;
  return {
    sql,
    bind: (k) => {
      const out: SqlStatement['params'] = [];
      for (let t = 0; t < tables; t++) out.push(typeof k === 'bigint' ? sqlInt(k) : k, ...values.map(sqlInt));
      return out;
    },
  };
}

/** A timestamp filter against the `[lower, upper)` validity range of a row. */
function rangeCondition(operator: Filter<bigint>['operator']): { clause: string; count: number } {
  switch (operator) {
    case 'eq': return { clause: '(e.timestamp_range_lower <= ? AND (e.timestamp_range_upper IS NULL OR e.timestamp_range_upper > ?))', count: 2 };
    case 'ne': return { clause: 'NOT (e.timestamp_range_lower <= ? AND (e.timestamp_range_upper IS NULL OR e.timestamp_range_upper > ?))', count: 2 };
    case 'lt': return { clause: 'e.timestamp_range_lower < ?', count: 1 };
    case 'lte': return { clause: 'e.timestamp_range_lower <= ?', count: 1 };
    case 'gt': return { clause: '(e.timestamp_range_upper IS NULL OR e.timestamp_range_upper > ? + 1)', count: 1 };
    case 'gte': return { clause: '(e.timestamp_range_upper IS NULL OR e.timestamp_range_upper > ?)', count: 1 };
  }
}

/**
 * The file a contract was created from, as it stood at creation: the newest create or update
 * with content at or before then (an empty update keeps the content), then the appends after it.
 */
export const FILE_CONTENT_SQL = `SELECT file_data, transaction_type FROM file_data
WHERE entity_id = ? AND consensus_timestamp <= ?
  AND consensus_timestamp >= coalesce((SELECT max(consensus_timestamp) FROM file_data
    WHERE entity_id = ? AND consensus_timestamp <= ? AND transaction_type IN (17, 19) AND length(file_data) > 0), 0)
ORDER BY consensus_timestamp`;
