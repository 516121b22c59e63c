import { describe, expect, it } from 'vitest';
import { toastTakingFocus } from '../../../renderer/src/lib/toast-focus.ts';

describe('toastTakingFocus', () => {
  it('is the next toast that stays, where the next Tab would have gone', () => {
    expect(toastTakingFocus([1, 2, 3], [1, 3], 2)).toBe(3);
    // The next one went with it (two pushed out at once): the one after that.
    expect(toastTakingFocus([1, 2, 3, 4], [1, 4], 2)).toBe(4);
  });

  it('is the nearest one before when none after stays', () => {
    expect(toastTakingFocus([1, 2, 3], [1, 2], 3)).toBe(2);
    // A newer toast came in as the old one was pushed out: it is the one after.
    expect(toastTakingFocus([1, 2, 3, 4], [2, 3, 4, 5], 1)).toBe(2);
  });

  it('is null when no toast is left, or the toast was not shown', () => {
    expect(toastTakingFocus([1], [], 1)).toBeNull();
    expect(toastTakingFocus([1, 2], [1, 2], 7)).toBeNull();
  });
});
