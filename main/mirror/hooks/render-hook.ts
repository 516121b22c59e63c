import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { renderWord } from './hook-storage-key.ts';

export interface HookRow {
  owner_id: bigint;
  hook_id: bigint;
  admin_key: Buffer | null;
  contract_id: bigint | null;
  created_timestamp: bigint | null;
  deleted: bigint;
  extension_point: string | null;
  type: string | null;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
}

export interface HookStorageRow {
  key: Buffer;
  value: Buffer | null;
  modified_timestamp: bigint;
}

/** One hook of GET /api/v1/accounts/{id}/hooks. */
export function renderHook(row: HookRow): Record<string, unknown> {
  return {
    admin_key: renderKey(row.admin_key),
    contract_id: formatOptionalEntityId(row.contract_id),
    created_timestamp: formatTimestamp(row.created_timestamp),
    deleted: row.deleted !== 0n,
    extension_point: row.extension_point,
    hook_id: int64(row.hook_id),
    owner_id: formatEntityId(row.owner_id),
    timestamp_range: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
    type: row.type,
  };
}

/** One storage slot: 32-byte key and value as 0x-hex, and when it was last written. */
export function renderHookStorage(row: HookStorageRow): Record<string, unknown> {
  return { key: renderWord(row.key), timestamp: formatTimestamp(row.modified_timestamp), value: renderWord(row.value) };
}
