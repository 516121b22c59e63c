import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { addFilterConditions } from '../query/sql-comparisons.ts';

/** An account's staking reward payouts in time order, through the primary key. */
export function rewardsSql(accountId: bigint, timestamps: Filter<bigint>[], order: SortOrder, limit: number): SqlStatement {
  const where = ['account_id = ?'];
  const params: Array<number | bigint> = [sqlInt(accountId)];
  addFilterConditions(where, params, 'consensus_timestamp', timestamps, sqlInt);
  params.push(limit);
  return {
    sql: `SELECT account_id, amount, consensus_timestamp FROM staking_reward_transfer
WHERE ${where.join(' AND ')}
ORDER BY consensus_timestamp ${order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}
