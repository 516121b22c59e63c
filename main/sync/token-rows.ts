import { decodeEntityId } from '../mirror/format/entity-id.ts';
import { stringifyJson } from '../mirror/format/json-out.ts';
import { publicKeyOf } from '../mirror/format/key.ts';
import type { CustomFeeRow, TokenRow } from '../mirror/tokens/token-rows.ts';
import { boolOf, entityIdOf, intOf, keyBytesOf, listOf, stringOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';

/** The `token` columns `renderTokenInfo` and `renderTokenSummary` read: the mirror's own row type. */
export type TokenTableRow = TokenRow;

/** The token's own `entity` row (type TOKEN): admin key, memo, renewal, expiry. */
export interface TokenEntityTableRow {
  id: bigint;
  shard: bigint;
  realm: bigint;
  num: bigint;
  key: Buffer | null;
  public_key: string | null;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint;
  deleted: bigint | null;
  expiration_timestamp: bigint | null;
  memo: string | null;
  timestamp_range_lower: bigint;
}

/** The `custom_fee` row: the reference's jsonb fee lists as text. */
export type CustomFeeTableRow = CustomFeeRow;

export interface TokenRows {
  token: TokenTableRow;
  entity: TokenEntityTableRow;
  fees: CustomFeeTableRow;
}

type Json = Record<string, unknown>;

/**
 * Turns `/api/v1/tokens/{id}` back into the rows that render to the same JSON, for the
 * token by id and for its entry in the tokens list. `modified_timestamp` becomes the
 * version start of both the token and its entity (the renderer shows the later of the two);
 * a stored expiry is shown as is, so the upstream's `expiry_timestamp` is stored.
 */
export function tokenRowsOf(info: Json): TokenRows {
  const id = entityIdOf(info.token_id);
  if (id === null) throw new UpstreamFormatError('token without a token_id');
  const { shard, realm, num } = decodeEntityId(id);
  const created = required(timestampOf(info.created_timestamp), 'created_timestamp');
  const modified = timestampOf(info.modified_timestamp) ?? created;
  const adminKey = keyBytesOf(info.admin_key);
  const metadata = typeof info.metadata === 'string' && info.metadata.length > 0 ? Buffer.from(info.metadata, 'base64') : null;
  const token: TokenTableRow = {
    token_id: id,
    created_timestamp: created,
    decimals: required(intOf(info.decimals), 'decimals'),
    fee_schedule_key: keyBytesOf(info.fee_schedule_key),
    freeze_default: boolOf(info.freeze_default) ?? 0n,
    freeze_key: keyBytesOf(info.freeze_key),
    initial_supply: required(intOf(info.initial_supply), 'initial_supply'),
    kyc_key: keyBytesOf(info.kyc_key),
    max_supply: required(intOf(info.max_supply), 'max_supply'),
    metadata,
    metadata_key: keyBytesOf(info.metadata_key),
    name: required(stringOf(info.name), 'name'),
    pause_key: keyBytesOf(info.pause_key),
    pause_status: required(stringOf(info.pause_status), 'pause_status'),
    supply_key: keyBytesOf(info.supply_key),
    supply_type: required(stringOf(info.supply_type), 'supply_type'),
    symbol: required(stringOf(info.symbol), 'symbol'),
    total_supply: required(intOf(info.total_supply), 'total_supply'),
    treasury_account_id: required(entityIdOf(info.treasury_account_id), 'treasury_account_id'),
    type: required(stringOf(info.type), 'type'),
    wipe_key: keyBytesOf(info.wipe_key),
    timestamp_range_lower: modified,
  };
  const entity: TokenEntityTableRow = {
    id, shard: BigInt(shard), realm: BigInt(realm), num,
    key: adminKey,
    public_key: publicKeyOf(adminKey),
    auto_renew_account_id: entityIdOf(info.auto_renew_account),
    auto_renew_period: intOf(info.auto_renew_period),
    created_timestamp: created,
    deleted: boolOf(info.deleted),
    expiration_timestamp: intOf(info.expiry_timestamp),
    memo: stringOf(info.memo),
    timestamp_range_lower: modified,
  };
  return { token, entity, fees: customFeeRowOf(id, info.custom_fees, created) };
}

/** The fee lists in the reference's stored form (ids as encoded integers), the inverse of `renderCustomFees`. */
function customFeeRowOf(tokenId: bigint, fees: unknown, created: bigint): CustomFeeTableRow {
  const schedule = (fees ?? {}) as { created_timestamp?: unknown; fixed_fees?: unknown; fractional_fees?: unknown; royalty_fees?: unknown };
  const fixed = listOf(schedule.fixed_fees).map((fee) => ({
    all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
    amount: intOf(fee.amount),
    collector_account_id: entityIdOf(fee.collector_account_id),
    denominating_token_id: entityIdOf(fee.denominating_token_id),
  }));
  const fractional = listOf(schedule.fractional_fees).map((fee) => {
    const amount = (fee.amount ?? {}) as Json;
    return {
      all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
      collector_account_id: entityIdOf(fee.collector_account_id),
      denominator: intOf(amount.denominator),
      maximum_amount: intOf(fee.maximum),
      minimum_amount: intOf(fee.minimum),
      net_of_transfers: fee.net_of_transfers === true,
      numerator: intOf(amount.numerator),
    };
  });
  const royalty = listOf(schedule.royalty_fees).map((fee) => {
    const amount = (fee.amount ?? {}) as Json;
    const fallback = fee.fallback_fee as Json | null | undefined;
    return {
      all_collectors_are_exempt: fee.all_collectors_are_exempt === true,
      collector_account_id: entityIdOf(fee.collector_account_id),
      denominator: intOf(amount.denominator),
      fallback_fee: fallback ? { amount: intOf(fallback.amount), denominating_token_id: entityIdOf(fallback.denominating_token_id) } : null,
      numerator: intOf(amount.numerator),
    };
  });
  return {
    entity_id: tokenId,
    fixed_fees: fixed.length > 0 ? stringifyJson(fixed) : null,
    fractional_fees: fractional.length > 0 ? stringifyJson(fractional) : null,
    royalty_fees: royalty.length > 0 ? stringifyJson(royalty) : null,
    timestamp_range_lower: timestampOf(schedule.created_timestamp) ?? created,
  };
}

function required<T>(value: T | null, field: string): T {
  if (value === null) throw new UpstreamFormatError(`token without ${field}`);
  return value;
}
