import { describe, expect, it } from 'vitest';
import { compactionWorthOffering, MIN_COMPACTION_GAIN_BYTES } from '../../../renderer/src/lib/store-compaction-offer.ts';

const MiB = 2 ** 20;
const GiB = 2 ** 30;

describe('store compaction offer', () => {
  it('is not made for a few KiB, nor for nothing', () => {
    expect(compactionWorthOffering({ storeBytes: 6 * MiB, storeReusableBytes: 12 * 1024 })).toBe(false);
    expect(compactionWorthOffering({ storeBytes: 6 * MiB, storeReusableBytes: 0 })).toBe(false);
  });

  it('needs tens of MiB back, even where that is most of a small store', () => {
    expect(compactionWorthOffering({ storeBytes: 20 * MiB, storeReusableBytes: 15 * MiB })).toBe(false);
    expect(compactionWorthOffering({ storeBytes: 60 * MiB, storeReusableBytes: MIN_COMPACTION_GAIN_BYTES })).toBe(true);
  });

  it('needs a tenth of the store back, so a large store is not rewritten for a sliver of it', () => {
    expect(compactionWorthOffering({ storeBytes: 20 * GiB, storeReusableBytes: 1 * GiB })).toBe(false);
    expect(compactionWorthOffering({ storeBytes: 20 * GiB, storeReusableBytes: 2 * GiB })).toBe(true);
    expect(compactionWorthOffering({ storeBytes: 400 * MiB, storeReusableBytes: 100 * MiB })).toBe(true);
  });
});
