import type { SyncStatus } from './sync-types.ts';

/**
 * How far following is behind the upstream, in ledger seconds: from the last transaction followed
 * to the upstream's newest when last asked (the sync asks while it is behind). Null when either
 * end is unknown or it is not behind. For the Sync panel and `serve`'s progress line alike.
 */
export function ledgerSecondsBehind(status: Pick<SyncStatus, 'lastTransactionTimestamp' | 'upstreamNewestTimestamp'>): number | null {
  const last = status.lastTransactionTimestamp;
  const newest = status.upstreamNewestTimestamp;
  if (last === null || newest === null) return null;
  const seconds = Number(newest.split('.')[0]) - Number(last.split('.')[0]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
