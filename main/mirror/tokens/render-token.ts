import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp, NANOS_PER_SECOND } from '../format/timestamp.ts';
import { renderCustomFees } from './render-custom-fees.ts';
import type { CustomFeeRow, TokenEntityRow, TokenListRow, TokenRow } from './token-rows.ts';

/** Metadata is base64; a token without any (null or empty) shows "". */
export function renderMetadata(metadata: Buffer | null): string {
  return metadata ? metadata.toString('base64') : '';
}

/** One entry of GET /api/v1/tokens. */
export function renderTokenSummary(row: TokenListRow): Record<string, unknown> {
  return {
    admin_key: renderKey(row.key),
    decimals: int64(row.decimals),
    metadata: renderMetadata(row.metadata),
    name: row.name,
    symbol: row.symbol,
    token_id: formatEntityId(row.token_id),
    type: row.type,
  };
}

/**
 * GET /api/v1/tokens/{id}. Supplies and decimals are strings, expiry_timestamp is a plain
 * integer of nanoseconds (created + auto-renew period when no expiry is stored), as the
 * reference renders them.
 */
export function renderTokenInfo(token: TokenRow, entity: TokenEntityRow, fees: CustomFeeRow): Record<string, unknown> {
  const modified = token.timestamp_range_lower > entity.timestamp_range_lower ? token.timestamp_range_lower : entity.timestamp_range_lower;
  const expiry = entity.expiration_timestamp
    ?? (entity.auto_renew_period !== null ? token.created_timestamp + entity.auto_renew_period * NANOS_PER_SECOND : null);
  return {
    admin_key: renderKey(entity.key),
    auto_renew_account: formatOptionalEntityId(entity.auto_renew_account_id),
    auto_renew_period: int64(entity.auto_renew_period),
    created_timestamp: formatTimestamp(token.created_timestamp),
    custom_fees: renderCustomFees(fees, token.type),
    decimals: `${token.decimals}`,
    deleted: entity.deleted === null ? null : entity.deleted !== 0n,
    expiry_timestamp: int64(expiry),
    fee_schedule_key: renderKey(token.fee_schedule_key),
    freeze_default: token.freeze_default !== 0n,
    freeze_key: renderKey(token.freeze_key),
    initial_supply: `${token.initial_supply}`,
    kyc_key: renderKey(token.kyc_key),
    max_supply: `${token.max_supply}`,
    memo: entity.memo,
    metadata: renderMetadata(token.metadata),
    metadata_key: renderKey(token.metadata_key),
    modified_timestamp: formatTimestamp(modified),
    name: token.name,
    pause_key: renderKey(token.pause_key),
    pause_status: token.pause_status,
    supply_key: renderKey(token.supply_key),
    supply_type: token.supply_type,
    symbol: token.symbol,
    token_id: formatEntityId(token.token_id),
    total_supply: `${token.total_supply}`,
    treasury_account_id: formatEntityId(token.treasury_account_id),
    type: token.type,
    wipe_key: renderKey(token.wipe_key),
  };
}
