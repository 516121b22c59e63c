import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { BlockInfo } from './ledger-types.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';

/**
 * The number of the first block after `number` that the mirror holds (`number + 1` on a ledger
 * without gaps), or null when `number` is the newest it has: a block page links forward only to
 * a block that is there.
 */
export async function nextBlockNumber(api: MirrorReader, number: number): Promise<ApiResult<number | null>> {
  const path = mirrorPath(['blocks'], { 'block.number': `gt:${number}`, order: 'asc', limit: 1 });
  const result = await settledApiCall(() => mirrorGet<{ blocks?: BlockInfo[] }>(api, path));
  return result.ok ? { ok: true, value: result.value.blocks?.[0]?.number ?? null } : result;
}
