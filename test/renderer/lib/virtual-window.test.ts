import { describe, expect, it } from 'vitest';
import { computeWindow, isNearEnd, scrollToReveal } from '../../../renderer/src/lib/virtual-window.ts';

const base = { rowHeight: 36, viewportHeight: 360, overscan: 5 };

describe('virtual window', () => {
  it('renders the visible rows plus overscan below at the top', () => {
    expect(computeWindow({ ...base, scrollTop: 0, rowCount: 1000 })).toEqual({ start: 0, end: 16, offset: 0, totalHeight: 36_000 });
  });

  it('renders a window of the same size deep in a huge list', () => {
    const w = computeWindow({ ...base, scrollTop: 36 * 500_000, rowCount: 1_000_000 });
    expect(w.start).toBe(499_995);
    expect(w.end - w.start).toBe(21);
    expect(w.offset).toBe(499_995 * 36);
  });

  it('clamps to the end of the list and to scroll overshoot', () => {
    const w = computeWindow({ ...base, scrollTop: 1e9, rowCount: 50 });
    expect(w.end).toBe(50);
    expect(w.start).toBe(50 - 10 - 5);
    expect(computeWindow({ ...base, scrollTop: -40, rowCount: 50 }).start).toBe(0);
  });

  it('renders nothing for an empty list', () => {
    expect(computeWindow({ ...base, scrollTop: 0, rowCount: 0 })).toEqual({ start: 0, end: 0, offset: 0, totalHeight: 0 });
  });

  it('says when the window is close to the loaded end', () => {
    const w = computeWindow({ ...base, scrollTop: 36 * 80, rowCount: 100 });
    expect(isNearEnd(w, 100, 10)).toBe(true);
    expect(isNearEnd(computeWindow({ ...base, scrollTop: 0, rowCount: 100 }), 100, 10)).toBe(false);
  });

  it('scrolls just enough to reveal a row', () => {
    expect(scrollToReveal(5, 0, 360, 36)).toBeNull();
    expect(scrollToReveal(10, 0, 360, 36)).toBe(36);
    expect(scrollToReveal(2, 360, 360, 36)).toBe(72);
  });
});
