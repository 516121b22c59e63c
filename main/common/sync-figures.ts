import type { SyncStatus } from './sync-types.ts';

// Figures of a sync's progress as the Sync panel and `serve`'s progress line both say them, and
// ledger time as the sync itself measures it.

/** The whole seconds of a consensus timestamp (`seconds.nanos`): ledger time, to the second. */
export function ledgerSecondsOf(timestamp: string): number {
  return Number(timestamp.split('.')[0]);
}

/**
 * How far following is behind the upstream, in ledger seconds: from the last transaction followed
 * to the upstream's newest when last asked (the sync asks while it is behind). Null when either
 * end is unknown or it is not behind.
 */
export function ledgerSecondsBehind(status: Pick<SyncStatus, 'lastTransactionTimestamp' | 'upstreamNewestTimestamp'>): number | null {
  const last = status.lastTransactionTimestamp;
  const newest = status.upstreamNewestTimestamp;
  if (last === null || newest === null) return null;
  const seconds = ledgerSecondsOf(newest) - ledgerSecondsOf(last);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** `42 s`, `7 min`, `2.5 h`, `3.2 days`: a time left or a lag, roughly. */
export function formatSyncDuration(seconds: number): string {
  if (seconds < 90) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}
