import type { SyncStatus } from '../common/sync-types.ts';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * One line of sync progress for `serve`'s stderr, e.g.
 * `testnet sync: syncing accounts, 12,300 of ~45,000 synced, 2,100/s, ~16 s left`.
 */
export function syncLogLine(status: SyncStatus): string {
  const parts = [`${status.profile} sync: ${status.state}${status.phase && status.state === 'syncing' ? ` ${status.phase}` : ''}`];
  if (status.state === 'syncing') {
    parts.push(status.estimatedTotal === null
      ? `${count.format(status.entitiesSynced)} synced`
      : `${count.format(status.entitiesSynced)} of ~${count.format(status.estimatedTotal)} synced`);
    parts.push(`${count.format(status.ratePerSecond)}/s`);
    if (status.estimatedSecondsLeft !== null) parts.push(`~${formatDuration(status.estimatedSecondsLeft)} left`);
  } else {
    parts.push(`${count.format(status.accountsInStore)} accounts in the local store`);
  }
  if (status.state === 'offline' || status.state === 'error') parts.push(`last error: ${status.lastError?.message ?? 'unknown'}`);
  return parts.join(', ');
}

function formatDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** Lines at most every `intervalMs`, except that a change of state is always told at once. */
export function throttledSyncLog(log: (line: string) => void, intervalMs = 5000): (status: SyncStatus) => void {
  let lastState: SyncStatus['state'] | null = null;
  let lastAt = -Infinity;
  return (status) => {
    const now = performance.now();
    if (status.state === lastState && now - lastAt < intervalMs) return;
    if (status.state === lastState && status.state !== 'syncing') return;
    lastState = status.state;
    lastAt = now;
    log(syncLogLine(status));
  };
}
