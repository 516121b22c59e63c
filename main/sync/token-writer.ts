import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { TokenRows } from './token-rows.ts';
import { upsertSql } from './upsert-sql.ts';

const TOKEN_FIELDS = [
  'token_id', 'created_timestamp', 'decimals', 'fee_schedule_key', 'freeze_default', 'freeze_key', 'initial_supply',
  'kyc_key', 'max_supply', 'metadata', 'metadata_key', 'name', 'pause_key', 'pause_status', 'supply_key', 'supply_type',
  'symbol', 'total_supply', 'treasury_account_id', 'type', 'wipe_key', 'timestamp_range_lower',
] as const;
const ENTITY_FIELDS = [
  'id', 'shard', 'realm', 'num', 'key', 'public_key', 'auto_renew_account_id', 'auto_renew_period', 'created_timestamp',
  'deleted', 'expiration_timestamp', 'memo', 'timestamp_range_lower',
] as const;
const FEE_FIELDS = ['entity_id', 'fixed_fees', 'fractional_fees', 'royalty_fees', 'timestamp_range_lower'] as const;

/**
 * Stores one token's rows (token, its TOKEN entity, its fee schedule) as upserts, so a
 * replayed page changes nothing. Not a transaction itself: callers wrap a page (and its
 * cursor) in one.
 */
export function tokenUpserter(db: SqliteDatabase): (rows: TokenRows) => void {
  const token = db.prepare(upsertSql('token', TOKEN_FIELDS, 'token_id'));
  const entity = db.prepare(upsertSql('entity', ENTITY_FIELDS, 'id', { type: "'TOKEN'" }));
  const fees = db.prepare(upsertSql('custom_fee', FEE_FIELDS, 'entity_id'));
  return (rows) => {
    token.run(rows.token);
    entity.run(rows.entity);
    fees.run(rows.fees);
  };
}
