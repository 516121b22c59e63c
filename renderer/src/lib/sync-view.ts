import { formatSyncDuration, ledgerSecondsBehind } from '../../../main/common/sync-figures.ts';
import type { SyncPhaseName, SyncState, SyncStatus } from '../../../main/common/sync-types.ts';
import { formatFileSize, formatInteger } from './format.ts';
import { retryMessageAt } from './retry-countdown.ts';

const STATE_LABELS: Record<SyncState, string> = {
  none: 'built-in data',
  syncing: 'syncing',
  following: 'up to date',
  paused: 'paused',
  offline: 'offline',
  retrying: 'retrying',
  error: 'error',
  compacting: 'compacting the store',
};

const PHASE_LABELS: Record<SyncPhaseName, string> = {
  accounts: 'Accounts',
  tokens: 'Tokens',
  contracts: 'Contracts',
  transactions: 'Transactions followed',
};

export function syncStateLabel(state: SyncState): string {
  return STATE_LABELS[state];
}

export function phaseLabel(phase: SyncPhaseName): string {
  return PHASE_LABELS[phase];
}

/** `1234567` -> `1.2M`, `45000` -> `45K`: for estimates, where more digits would claim precision that is not there. */
export function approximate(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(value >= 10_000_000 ? 0 : 1)}M`;
  if (value >= 10_000) return `${Math.round(value / 1000)}K`;
  return formatInteger(value);
}

/** The sync's durations, as `serve`'s progress line says them too. */
export { formatSyncDuration as formatDuration } from '../../../main/common/sync-figures.ts';

/**
 * How far following is behind the upstream, in ledger time: from the last transaction followed
 * to the upstream's newest when last asked (the engine asks while it is behind). Null when it is
 * not behind or either end is unknown.
 */
export function followingBehind(status: SyncStatus | null): string | null {
  if (!status || status.state !== 'syncing' || status.phase !== 'transactions') return null;
  const seconds = ledgerSecondsBehind(status);
  return seconds === null ? null : formatSyncDuration(seconds);
}

/**
 * How much of the network the local store holds, for the Accounts screen header. Honest about
 * what is known: after a complete pass, everything; while crawling, an estimate from how far
 * through the account id space the crawl is (`~`); otherwise only what is stored so far.
 */
export function syncCoverage(status: SyncStatus | null): string | null {
  if (!status || status.state === 'none') return null;
  const stored = formatInteger(status.accountsInStore);
  if (status.completedPasses > 0 && !(status.phase === 'accounts' && status.state === 'syncing')) {
    return `All ${stored} accounts of ${status.profile} synced`;
  }
  if (status.phase === 'accounts' && status.estimatedTotal !== null && status.estimatedTotal > status.accountsInStore) {
    return `${stored} of ~${approximate(status.estimatedTotal)} accounts synced`;
  }
  return `${stored} accounts synced so far`;
}

/**
 * What the top bar's sync chip says while syncing: `figure` always, `detail` before it only where the
 * bar has room (from 1500 px). The figure must read on its own: a bare count ("100") read as a
 * percentage, so a crawl without an estimate names what it counts, and following that is behind
 * says by how much. `whole` is all of it, for the tooltip and screen readers.
 */
export function syncChipText(status: SyncStatus): { detail: string; figure: string; whole: string } {
  const percent = syncPercent(status);
  const phase = status.phase;
  let detail = 'sync';
  let figure: string;
  let progress: string;
  if (percent !== null) {
    detail = `sync ${phase ?? ''}`.trim();
    figure = `${percent}%`;
    progress = `${percent}%`;
  } else if (phase === 'transactions') {
    const seconds = ledgerSecondsBehind(status);
    detail = 'catching up';
    // Days as a whole number of `d`: a store set back years ("1095.0 days") was too wide for the bar at 900 px.
    const short = seconds === null ? null : seconds < 48 * 3600 ? formatSyncDuration(seconds) : `${formatInteger(Math.round(seconds / 86_400))} d`;
    figure = short === null ? 'catching up' : `${short} behind`;
    progress = seconds === null ? 'catching up with the upstream' : `${formatSyncDuration(seconds)} behind the upstream`;
  } else {
    const counted = formatInteger(status.entitiesSynced);
    figure = phase === null ? `${counted} synced` : `${counted} ${phase}`;
    progress = `${counted} so far`;
  }
  const what = phase === null ? 'syncing' : `syncing ${phase}`;
  if (detail === figure) detail = '';
  return { detail, figure, whole: `${what}, ${progress}` };
}

/** Below this much room on the store's disk the sync is flagged: about a day of following a busy network. */
export const LOW_ROOM_BYTES = 2 * 2 ** 30;

/**
 * The warning the sync chip carries while the store's disk runs low and the sync still writes to it
 * (every followed transaction is kept until the user keeps fewer days): the Sync panel is one click
 * away, but a sync left running is not looked at. Null while there is room, or nothing writes.
 */
export function lowRoomWarning(status: SyncStatus | null): string | null {
  if (!status || status.state === 'none' || status.state === 'paused' || status.diskFreeBytes === null || status.diskFreeBytes >= LOW_ROOM_BYTES) return null;
  const advice = status.keepDays === null ? 'keep fewer days of followed transactions in the Sync panel' : 'keep fewer days in the Sync panel, or free room on that disk';
  return `only ${formatFileSize(status.diskFreeBytes)} free on the local store's disk: ${advice}`;
}

/** Progress of the current phase as 0..100, when its size is estimated. */
export function syncPercent(status: SyncStatus | null): number | null {
  if (!status || status.estimatedTotal === null || status.estimatedTotal <= 0) return null;
  return Math.min(100, Math.floor((status.entitiesSynced / status.estimatedTotal) * 100));
}

/**
 * What a synced profile's Tokens or Contracts list holds: their crawl comes after the accounts',
 * so for a while the list is empty or partial, and an empty list must not read as the network
 * having none. Null for the demo (nothing is synced) and before the status is known.
 */
export function listedCoverage(status: SyncStatus | null, phase: 'tokens' | 'contracts'): string | null {
  if (!status || status.state === 'none' || status.upstream === null) return null;
  const from = `Synced from ${status.upstream}`;
  const opened = `a ${phase === 'tokens' ? 'token' : 'contract'} opened by id is fetched from the upstream`;
  // The phase under way stores its cursor with its first page: until then it has none.
  const progress = status.phases.find((p) => p.name === phase) ?? (status.phase === phase ? { synced: 0, passes: 0, complete: false } : null);
  if (!progress) {
    // Every crawl is through and this one never began: the upstream has no such list.
    if (status.phase === 'transactions') return `${from}: it lists no ${phase}, so this list holds only those opened here; ${opened}.`;
    const at = status.phase === null ? '' : ` (it is at the ${phaseLabel(status.phase).toLowerCase()})`;
    return `${from}: the sync has not reached the ${phase} yet${at}, so this list is empty until it does; ${opened}.`;
  }
  if (!progress.complete && progress.passes === 0) {
    return `${from}: ${formatInteger(progress.synced)} ${phase} synced so far, and the list grows as the sync goes on; ${opened}.`;
  }
  const kept = status.state === 'offline' ? 'as last synced (it cannot be reached now)'
    : status.state === 'retrying' ? 'as last synced (the sync is held up by the upstream now)'
    : status.state === 'paused' ? 'as last synced (the sync is paused)'
    : 'kept up to date by following its transactions';
  return `${from}: the upstream's ${phase}, ${kept}.`;
}

/**
 * The sync's last error while it still stands, its retry counted down to `nowMs`; one it has
 * recovered from is history (the Sync screen keeps it), not news.
 */
export function standingError(status: SyncStatus, nowMs: number): string | null {
  const standing = standingLastError(status.lastError);
  return standing ? retryMessageAt(standing, nowMs) : null;
}

/** The sync's last error while it still stands: null when there is none or the upstream has answered since. */
export function standingLastError(lastError: SyncStatus['lastError'] | undefined): NonNullable<SyncStatus['lastError']> | null {
  return lastError?.recoveredAt === null ? lastError : null;
}
