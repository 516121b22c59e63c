import type { NetworkInfo, SyncStatus } from '../../../main/common/api-contract.ts';

/** Progress of long work as a 0..100 integer, or null when nothing is in progress. */
export function progressPercent(network: Pick<NetworkInfo, 'progress'> | null): number | null {
  const progress = network?.progress;
  if (!progress) return null;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((progress.done / progress.total) * 100)));
}

/** Words for the indicator: `ready`, `generating 40%`, `error`. */
export function networkStateLabel(network: Pick<NetworkInfo, 'state' | 'progress'> | null): string {
  if (!network) return 'connecting';
  if (network.state === 'generating') {
    const percent = progressPercent(network);
    return percent === null ? 'generating' : `generating ${percent}%`;
  }
  return network.state;
}

/**
 * The network with the account count a sync status carries: a running sync adds accounts
 * without a network change. A status of another profile (one left behind by a switch) does
 * not count; an unchanged count keeps the same object, so nothing redraws.
 */
export function withSyncedCount(network: NetworkInfo | null, status: Pick<SyncStatus, 'profile' | 'accountsInStore'>): NetworkInfo | null {
  if (!network || network.name !== status.profile || network.accountCount === status.accountsInStore) return network;
  return { ...network, accountCount: status.accountsInStore };
}
