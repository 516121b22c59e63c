import { SYNTHETIC_TREASURY_MEMO } from '../accounts/accounts-sql.ts';

const ENTITY_COLUMNS = `e.id, e.alias, e.auto_renew_period, e.balance, e.balance_timestamp, e.created_timestamp, e.decline_reward,
  e.delegation_address, e.deleted, e.ethereum_nonce, e.evm_address, e.expiration_timestamp, e.key,
  e.max_automatic_token_associations, e.memo, e.receiver_sig_required, e.staked_account_id, e.staked_node_id,
  e.stake_period_start`;

const IS_ACCOUNT = `e.type IN ('ACCOUNT', 'CONTRACT') AND NOT (e.num = 2 AND e.memo IS '${SYNTHETIC_TREASURY_MEMO}')`;

/** The account as it is now, with its staking row. Parameter: the id. */
export const CURRENT_ACCOUNT_SQL = `SELECT ${ENTITY_COLUMNS}, es.end_stake_period, es.pending_reward
FROM entity e LEFT JOIN entity_stake es ON es.id = e.id
WHERE e.id = ? AND ${IS_ACCOUNT}`;

/** A row whose validity range [lower, upper) meets the closed range [?, ?]. */
const OVERLAPS = 'timestamp_range_lower <= :upper AND (timestamp_range_upper IS NULL OR timestamp_range_upper > :lower)';

/**
 * The account as it was within a time range: the newest version (current or history)
 * whose validity overlaps the range, with the staking row of the same range. Named
 * parameters: id, lower, upper.
 */
export const HISTORICAL_ACCOUNT_SQL = `SELECT ${ENTITY_COLUMNS}, es.end_stake_period, es.pending_reward
FROM (
  SELECT * FROM (
    SELECT * FROM entity e WHERE e.id = :id AND ${IS_ACCOUNT} AND ${OVERLAPS}
    UNION ALL
    SELECT * FROM entity_history e WHERE e.id = :id AND ${IS_ACCOUNT} AND ${OVERLAPS}
  ) ORDER BY timestamp_range_lower DESC LIMIT 1
) e
LEFT JOIN (
  SELECT * FROM (
    SELECT * FROM entity_stake WHERE id = :id AND ${OVERLAPS}
    UNION ALL
    SELECT * FROM entity_stake_history WHERE id = :id AND ${OVERLAPS}
  ) ORDER BY timestamp_range_lower DESC LIMIT 1
) es ON es.id = e.id`;


/** The account's newest snapshot balance in [lower, upper], else 0. Parameters: id, lower, upper. */
export const SNAPSHOT_BALANCE_SQL = `SELECT coalesce((SELECT balance FROM account_balance
  WHERE account_id = ? AND consensus_timestamp >= ? AND consensus_timestamp <= ?
  ORDER BY consensus_timestamp DESC LIMIT 1), 0) AS balance`;
