import { sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

const SCHEDULE_COLUMNS = `s.schedule_id, s.consensus_timestamp, s.creator_account_id, s.executed_timestamp, s.expiration_time,
  s.payer_account_id, s.transaction_body, s.wait_for_expiry, e.key, e.deleted, e.memo`;

/**
 * A page of schedules in id order. With a creator equality the (creator, schedule_id)
 * index yields the page in order; otherwise the primary key does, and creator
 * comparisons are checked on the way (written `+column` so the plan stays put).
 */
export function schedulesSql(accounts: Filter<bigint | null>[], schedules: Filter<bigint>[], order: SortOrder, limit: number): { sql: string; params: Array<number | bigint | null> } {
  const byCreator = accounts.some((f) => f.operator === 'eq');
  const where: string[] = [];
  const params: Array<number | bigint | null> = [];
  // A null creator (an EVM address that spells no id) compares as SQL NULL: no row matches.
  addComparisons(where, params, byCreator ? 's.creator_account_id' : '+s.creator_account_id', accounts, (v) => (v === null ? null : sqlInt(v)));
  addComparisons(where, params, 's.schedule_id', schedules, sqlInt);
  params.push(limit);
  const hint = byCreator ? 'INDEXED BY schedule__creator' : '';
  return {
    sql: `SELECT ${SCHEDULE_COLUMNS} FROM schedule s ${hint} LEFT JOIN entity e ON e.id = s.schedule_id
${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
ORDER BY s.schedule_id ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT ?`,
    params,
  };
}

export const SCHEDULE_BY_ID_SQL = `SELECT ${SCHEDULE_COLUMNS} FROM schedule s LEFT JOIN entity e ON e.id = s.schedule_id WHERE s.schedule_id = ?`;

/**
 * The signatures of a page of schedules (ids as a JSON array), each schedule's in consensus
 * order: one walk of the entity index per id, in index order, so no sort (ties stay in rowid
 * order, as a walk for a single id returns them).
 */
export const SIGNATURES_SQL = `SELECT entity_id, consensus_timestamp, public_key_prefix, signature, type FROM transaction_signature
WHERE entity_id IN (SELECT value FROM json_each(?)) ORDER BY entity_id, consensus_timestamp, rowid`;
