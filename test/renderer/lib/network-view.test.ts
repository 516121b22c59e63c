import { describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../../main/common/api-contract.ts';
import { networkStateLabel, progressPercent, withSyncedCount } from '../../../renderer/src/lib/network-view.ts';

describe('network indicator words', () => {
  it('shows generation progress as a whole percentage', () => {
    const network = { state: 'generating' as const, progress: { done: 1, total: 3, label: 'x' } };
    expect(progressPercent(network)).toBe(33);
    expect(networkStateLabel(network)).toBe('generating 33%');
  });

  it('has no progress when idle, and copes with a zero total', () => {
    expect(progressPercent({ progress: null })).toBeNull();
    expect(progressPercent({ progress: { done: 0, total: 0, label: '' } })).toBe(0);
    expect(networkStateLabel({ state: 'ready', progress: null })).toBe('ready');
    expect(networkStateLabel(null)).toBe('connecting');
  });
});

describe('header account count from the sync status', () => {
  const network: NetworkInfo = { name: 'custom', source: 'upstream', chainId: 296, state: 'ready', progress: null, message: null, accountCount: 10 };

  it('takes the count of the open profile\'s status', () => {
    expect(withSyncedCount(network, { profile: 'custom', accountsInStore: 250 })).toEqual({ ...network, accountCount: 250 });
  });

  it('ignores another profile\'s status and keeps the object when the count is unchanged', () => {
    expect(withSyncedCount(network, { profile: 'demo', accountsInStore: 250 })).toBe(network);
    expect(withSyncedCount(network, { profile: 'custom', accountsInStore: 10 })).toBe(network);
    expect(withSyncedCount(null, { profile: 'custom', accountsInStore: 250 })).toBeNull();
  });
});
