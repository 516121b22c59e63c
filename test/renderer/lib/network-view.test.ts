import { describe, expect, it } from 'vitest';
import { networkStateLabel, progressPercent } from '../../../renderer/src/lib/network-view.ts';

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
