import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { BlockInfo } from './ledger-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';

/** The lowest-numbered block matching one filter, or null when the mirror holds none that does. */
async function firstBlockWhere(api: MirrorReader, filter: Record<string, string>): Promise<ApiResult<BlockInfo | null>> {
  const path = mirrorPath(['blocks'], { ...filter, order: 'asc', limit: 1 });
  const result = await settledApiCall(() => mirrorGet<{ blocks?: BlockInfo[] }>(api, path));
  return result.ok ? { ok: true, value: result.value.blocks?.[0] ?? null } : result;
}

/**
 * The first block ending at or after a consensus time (a block's `timestamp` filter is on its
 * end): the block holding that moment, or, when the moment falls between blocks, the next one;
 * null when the mirror holds none that late.
 */
export function firstBlockEndingFrom(api: MirrorReader, timestamp: string): Promise<ApiResult<BlockInfo | null>> {
  return firstBlockWhere(api, { timestamp: `gte:${timestamp}` });
}

/**
 * The number of the first block after `number` that the mirror holds (`number + 1` on a ledger
 * without gaps), or null when `number` is the newest it has: a block page links forward only to
 * a block that is there.
 */
export async function nextBlockNumber(api: MirrorReader, number: number): Promise<ApiResult<number | null>> {
  const result = await firstBlockWhere(api, { 'block.number': `gt:${number}` });
  return result.ok ? { ok: true, value: result.value?.number ?? null } : result;
}
