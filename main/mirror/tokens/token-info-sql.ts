/**
 * Token by id: the token, its entity and its custom fee schedule, each either the current
 * row or, with a timestamp, the newest version (current or history) that started before it.
 */
export type VersionBound = { operator: '<' | '<='; value: bigint } | null;

const TOKEN_COLUMNS = `token_id, created_timestamp, decimals, fee_schedule_key, freeze_default, freeze_key, initial_supply,
  kyc_key, max_supply, metadata, metadata_key, name, pause_key, pause_status, supply_key, supply_type, symbol,
  total_supply, treasury_account_id, type, wipe_key, timestamp_range_lower`;
const ENTITY_COLUMNS = 'id, auto_renew_account_id, auto_renew_period, deleted, key, expiration_timestamp, memo, timestamp_range_lower';
const CUSTOM_FEE_COLUMNS = 'entity_id, fixed_fees, fractional_fees, royalty_fees, timestamp_range_lower';

function versionSql(columns: string, table: string, idColumn: string, bound: VersionBound): string {
  if (bound === null) return `SELECT ${columns} FROM ${table} WHERE ${idColumn} = ?`;
  const where = `${idColumn} = ? AND timestamp_range_lower ${bound.operator} ?`;
  return `SELECT * FROM (
  SELECT ${columns} FROM ${table} WHERE ${where}
  UNION ALL
  SELECT ${columns} FROM ${table}_history WHERE ${where}
) ORDER BY timestamp_range_lower DESC LIMIT 1`;
}

export const tokenVersionSql = (bound: VersionBound): string => versionSql(TOKEN_COLUMNS, 'token', 'token_id', bound);
export const entityVersionSql = (bound: VersionBound): string => versionSql(ENTITY_COLUMNS, 'entity', 'id', bound);
export const customFeeVersionSql = (bound: VersionBound): string => versionSql(CUSTOM_FEE_COLUMNS, 'custom_fee', 'entity_id', bound);
