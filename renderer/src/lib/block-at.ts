import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { BlockInfo } from './ledger-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';

/**
 * The first block ending at or after a consensus time (a block's `timestamp` filter is on its
 * end): the block holding that moment, or, when the moment falls between blocks, the next one;
 * null when the mirror holds none that late.
 */
export async function firstBlockEndingFrom(api: MirrorReader, timestamp: string): Promise<ApiResult<BlockInfo | null>> {
  const result = await mirrorGet<{ blocks?: BlockInfo[] }>(api, mirrorPath(['blocks'], { timestamp: `gte:${timestamp}`, order: 'asc', limit: 1 }));
  return result.ok ? { ok: true, value: result.value.blocks?.[0] ?? null } : result;
}
