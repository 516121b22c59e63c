import { describe, expect, it } from 'vitest';
import { LISTED_TOKENS_MAX, listedTokenCount } from '../../../renderer/src/lib/listed-token-count.ts';

describe('listedTokenCount', () => {
  it('gives a count below the list cap as it stands, without a title', () => {
    expect(listedTokenCount(0)).toEqual({ text: '0', title: null });
    expect(listedTokenCount(49)).toEqual({ text: '49', title: null });
  });

  it('gives a count at the cap as "50+", its title saying the list gives at most 50', () => {
    expect(LISTED_TOKENS_MAX).toBe(50);
    const atCap = listedTokenCount(50);
    expect(atCap.text).toBe('50+');
    expect(atCap.title).toMatch(/^At least 50: the accounts list gives at most 50 token balances per account/);
  });
});
