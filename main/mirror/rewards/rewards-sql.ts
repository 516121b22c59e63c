import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { SQL_OPERATOR, type Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';

/** An account's staking reward payouts in time order, through the primary key. */
export function rewardsSql(accountId: bigint, timestamps: Filter<bigint>[], order: SortOrder, limit: number): SqlStatement {
  const where = ['account_id = ?'];
  const params: Array<number | bigint> = [sqlInt(accountId)];
  const equal = timestamps.filter((f) => f.operator === 'eq');
  for (const f of timestamps.filter((f) => f.operator !== 'eq')) {
    where.push(`consensus_timestamp ${SQL_OPERATOR[f.operator]} ?`);
    params.push(sqlInt(f.value));
  }
  if (equal.length > 0) {
    where.push(`consensus_timestamp IN (${equal.map(() => '?').join(', ')})`);
    params.push(...equal.map((f) => sqlInt(f.value)));
  }
  params.push(limit);
  return {
    sql: `SELECT account_id, amount, consensus_timestamp FROM staking_reward_transfer
WHERE ${where.join(' AND ')}
ORDER BY consensus_timestamp ${order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}
