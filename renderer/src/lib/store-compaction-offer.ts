import type { SyncStatus } from '../../../main/common/sync-types.ts';

/**
 * Least room a compaction must give back to be offered. Compacting rewrites all of the store's
 * live data twice (a compact copy beside it, then back over it) and holds the sync meanwhile;
 * below some tens of MiB what it gives back is nothing a disk misses.
 */
export const MIN_COMPACTION_GAIN_BYTES = 32 * 2 ** 20;

/**
 * Least share of the store a compaction must give back to be offered. The work grows with the
 * live data, the gain only with the freed room; and SQLite fills freed pages before the file
 * grows, so in a large store a few percent free is soon taken again by what following adds.
 */
export const MIN_COMPACTION_GAIN_SHARE = 0.1;

/**
 * Whether the Sync screen offers to give the store's freed room back to the disk: only when the
 * room is worth the work, both in bytes and as a share of the store.
 */
export function compactionWorthOffering(status: Pick<SyncStatus, 'storeBytes' | 'storeReusableBytes'>): boolean {
  const room = status.storeReusableBytes;
  return room >= MIN_COMPACTION_GAIN_BYTES && room >= status.storeBytes * MIN_COMPACTION_GAIN_SHARE;
}
