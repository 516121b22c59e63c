import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from '../../../renderer/src/lib/tab-keys.ts';

describe('tabKeyTarget', () => {
  it('steps with the arrows, wrapping at both ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1);
  });

  it('goes to the ends with Home and End', () => {
    expect(tabKeyTarget('Home', 2, 5)).toBe(0);
    expect(tabKeyTarget('End', 0, 5)).toBe(4);
  });

  it('leaves other keys to the page, and has nowhere to go without tabs', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowDown', 'a']) expect(tabKeyTarget(key, 1, 3)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });

  it('starts from the first tab when none is selected', () => {
    expect(tabKeyTarget('ArrowRight', -1, 3)).toBe(1);
    expect(tabKeyTarget('ArrowLeft', -1, 3)).toBe(2);
  });
});
