import { SQL_OPERATOR, type Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';

/**
 * The nodes of the newest address book of one file (0.0.101 or 0.0.102), each with its
 * node row (admin key, proxy endpoint, account override) and its stake of the newest staking
 * period; service endpoints are read per node. Named parameters: file, limit, node filters.
 */
export function nodesSql(nodeFilters: Filter<bigint>[], order: SortOrder): { sql: string; params: (values: { file: bigint; limit: number }) => Record<string, number | bigint> } {
  const where = nodeFilters.map((f, i) => `abe.node_id ${SQL_OPERATOR[f.operator]} :n${i}`);
  const sql = `WITH adb AS (
  SELECT start_consensus_timestamp, end_consensus_timestamp, file_id FROM address_book
  WHERE file_id = :file ORDER BY start_consensus_timestamp DESC LIMIT 1
), ns AS (
  SELECT * FROM node_stake WHERE consensus_timestamp = (SELECT max(consensus_timestamp) FROM node_stake)
)
SELECT abe.consensus_timestamp, abe.description, abe.memo, abe.node_id, coalesce(n.account_id, abe.node_account_id) AS node_account_id,
  abe.node_cert_hash, abe.public_key, adb.file_id, adb.start_consensus_timestamp, adb.end_consensus_timestamp,
  n.admin_key, n.associated_registered_nodes, n.decline_reward, n.grpc_proxy_endpoint,
  ns.max_stake, ns.min_stake, ns.reward_rate, ns.stake, ns.stake_not_rewarded, ns.stake_rewarded, ns.staking_period
FROM address_book_entry abe
JOIN adb ON adb.start_consensus_timestamp = abe.consensus_timestamp
LEFT JOIN ns ON ns.node_id = abe.node_id
LEFT JOIN node n ON n.node_id = abe.node_id
${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
ORDER BY abe.node_id ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT :limit`;
  return {
    sql,
    params: ({ file, limit }) => ({ file, limit, ...Object.fromEntries(nodeFilters.map((f, i) => [`n${i}`, f.value])) }),
  };
}

/** A node's service endpoints in its address book entry, as the reference orders them. */
export const SERVICE_ENDPOINTS_SQL = `SELECT domain_name, ip_address_v4, port FROM address_book_service_endpoint
WHERE consensus_timestamp = ? AND node_id = ? ORDER BY ip_address_v4 DESC, port DESC`;
