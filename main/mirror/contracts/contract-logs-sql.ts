import { sqlInt } from '../format/entity-id.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import type { BoundFilter } from '../query/paging-bounds.ts';
import type { SortOrder } from '../query/query-filters.ts';
import type { SqlStatement } from '../query/sql-statement.ts';

const COLUMNS = `l.consensus_timestamp, l."index", l.bloom, l.contract_id, l.data, l.root_contract_id, l.topic0, l.topic1,
  l.topic2, l.topic3, l.transaction_hash, l.transaction_index, e.evm_address`;

/**
 * One part of a logs page (see boundParts): rows in (timestamp, index) order, walked on the
 * contract's index when a contract is given, else on the primary key. Topics are compared
 * without leading zero bytes, as the reference stores them; every topic search is bounded
 * by a timestamp range, so the walk stays short.
 */
export function contractLogsPartSql(
  contractId: bigint | null,
  part: BoundFilter[],
  topics: string[][],
  order: SortOrder,
  limit: number,
): SqlStatement {
  const where: string[] = [];
  const params: SqlStatement['params'] = [];
  if (contractId !== null) {
    where.push('l.contract_id = ?');
    params.push(sqlInt(contractId));
  }
  for (const f of part) {
    where.push(`${f.key === 'timestamp' ? 'l.consensus_timestamp' : 'l."index"'} ${SQL_OPERATOR[f.operator]} ?`);
    params.push(sqlInt(f.value));
  }
  topics.forEach((values, i) => {
    if (values.length === 0) return;
    where.push(`ltrim(hex(l.topic${i}), '0') IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  });
  params.push(limit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const index = contractId !== null ? 'INDEXED BY contract_log__contract_timestamp' : '';
  return {
    sql: `SELECT ${COLUMNS} FROM contract_log l ${index} LEFT JOIN entity e ON e.id = l.contract_id
${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
ORDER BY l.consensus_timestamp ${direction}, l."index" ${direction} LIMIT ?`,
    params,
  };
}
