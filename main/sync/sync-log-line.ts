import { formatSyncDuration, ledgerSecondsBehind } from '../common/sync-figures.ts';
import type { SyncStatus } from '../common/sync-types.ts';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * One line of sync progress for `serve`'s stderr, e.g.
 * `testnet sync: syncing accounts, 12,300 of ~45,000 synced, 2,100/s, ~16 s left`.
 */
export function syncLogLine(status: SyncStatus, nowMs = Date.now()): string {
  const parts = [`${status.profile} sync: ${status.state}${status.phase && status.state === 'syncing' ? ` ${status.phase}` : ''}`];
  if (status.state === 'syncing' && status.phase === 'transactions') {
    parts.push('catching up with new transactions');
    if (status.entitiesSynced > 0) parts.push(`${count.format(status.entitiesSynced)} followed, ${count.format(status.ratePerSecond)}/s`);
    const behind = ledgerSecondsBehind(status);
    if (behind !== null) parts.push(`${formatSyncDuration(behind)} of ledger time behind the upstream's newest`);
    if (status.fallingBehind) parts.push('not catching up at this pace');
    else if (status.estimatedSecondsLeft !== null) parts.push(`~${formatSyncDuration(status.estimatedSecondsLeft)} left`);
  } else if (status.state === 'syncing' && status.entitiesSynced === 0) {
    parts.push(`starting (from ${status.upstream})`);
  } else if (status.state === 'syncing') {
    parts.push(status.estimatedTotal === null
      ? `${count.format(status.entitiesSynced)} synced`
      : `${count.format(status.entitiesSynced)} of ~${count.format(status.estimatedTotal)} synced`);
    parts.push(`${count.format(status.ratePerSecond)}/s`);
    if (status.estimatedSecondsLeft !== null) parts.push(`~${formatSyncDuration(status.estimatedSecondsLeft)} left`);
  } else {
    parts.push(`${count.format(status.accountsInStore)} accounts in the local store`);
  }
  // Held up, offline or failed, nothing moves: what fails, and when it is tried again, instead of a pace and a time left.
  if (status.state === 'offline' || status.state === 'retrying' || status.state === 'error') parts.push(`last error: ${lastErrorText(status.lastError, nowMs)}`);
  return parts.join(', ');
}

/** The last error, with the wait before its retry as of `nowMs`. */
function lastErrorText(error: SyncStatus['lastError'], nowMs: number): string {
  if (!error) return 'unknown';
  if (error.retryAt === null) return error.message;
  const seconds = Math.max(0, Date.parse(error.retryAt) - nowMs) / 1000;
  return `${error.message}; retrying in ${seconds.toFixed(1)} s`;
}

/** `custom sync: accounts done, 3,000 in this pass`: said once when a crawl phase hands over to the next. */
function phaseDoneLine(status: SyncStatus, phase: NonNullable<SyncStatus['phase']>): string | null {
  const done = status.phases.find((p) => p.name === phase);
  return done && done.complete ? `${status.profile} sync: ${phase} done, ${count.format(done.synced)} in this pass` : null;
}

/**
 * Lines at most every `intervalMs` while a phase crawls; a change of state or phase is told at
 * once (with the finished phase's count), and a steady state other than syncing only once (a
 * sync held up by failures or a Retry-After, `retrying`, is said when it begins, not at every try).
 */
export function throttledSyncLog(log: (line: string) => void, intervalMs = 5000, now: () => number = () => performance.now()): (status: SyncStatus) => void {
  let lastKey: string | null = null;
  let lastPhase: SyncStatus['phase'] = null;
  let lastAt = -Infinity;
  return (status) => {
    const key = `${status.state}:${status.phase ?? ''}`;
    const at = now();
    if (key === lastKey && (status.state !== 'syncing' || at - lastAt < intervalMs)) return;
    if (lastPhase !== null && status.phase !== lastPhase && lastPhase !== 'transactions') {
      const done = phaseDoneLine(status, lastPhase);
      if (done) log(done);
    }
    lastKey = key;
    lastPhase = status.phase;
    lastAt = at;
    log(syncLogLine(status));
  };
}
