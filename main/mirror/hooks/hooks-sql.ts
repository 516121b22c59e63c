import { sqlInt } from '../format/entity-id.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';
import type { HookStorageQuery, HooksQuery } from './hooks-params.ts';

type Param = SqlParam;

/** An owner's hooks in hook id order, through the primary key. */
export function hooksSql(ownerId: bigint, query: HooksQuery): SqlStatement {
  const where = ['owner_id = ?', 'hook_id >= ?', 'hook_id <= ?'];
  const params: Param[] = [sqlInt(ownerId), sqlInt(query.lower), sqlInt(query.upper)];
  if (query.hookIds.length > 0) {
    where.push(`hook_id IN (${query.hookIds.map(() => '?').join(', ')})`);
    params.push(...query.hookIds.map(sqlInt));
  }
  params.push(query.limit);
  return {
    sql: `SELECT owner_id, hook_id, admin_key, contract_id, created_timestamp, deleted, extension_point, type,
  timestamp_range_lower, timestamp_range_upper
FROM hook WHERE ${where.join(' AND ')}
ORDER BY hook_id ${query.order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}

function keyConditions(query: HookStorageQuery, where: string[], params: Param[]): void {
  if (query.keys.length > 0) {
    where.push(`key IN (${query.keys.map(() => '?').join(', ')})`);
    params.push(...query.keys);
  } else {
    where.push('key >= ?', 'key <= ?');
    params.push(query.keyLower, query.keyUpper);
  }
}

/**
 * A hook's storage in key order through the primary key: the live slots, or as of a time
 * range the newest write per key inside it (a write of nothing deletes the slot).
 */
export function hookStorageSql(ownerId: bigint, hookId: bigint, query: HookStorageQuery): SqlStatement {
  const where = ['owner_id = ?', 'hook_id = ?'];
  const params: Param[] = [sqlInt(ownerId), sqlInt(hookId)];
  keyConditions(query, where, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  if (query.timestamp === null) {
    params.push(query.limit);
    return {
      sql: `SELECT key, value, modified_timestamp FROM hook_storage
WHERE ${where.join(' AND ')} AND deleted = 0
ORDER BY key ${direction}
LIMIT ?`,
      params,
    };
  }
  where.push('consensus_timestamp >= ?', 'consensus_timestamp <= ?');
  params.push(sqlInt(query.timestamp.lower), sqlInt(query.timestamp.upper), query.limit);
  return {
    sql: `SELECT key, value_written AS value, max(consensus_timestamp) AS modified_timestamp FROM hook_storage_change
WHERE ${where.join(' AND ')}
GROUP BY key
HAVING value_written IS NOT NULL AND length(value_written) > 0
ORDER BY key ${direction}
LIMIT ?`,
    params,
  };
}
