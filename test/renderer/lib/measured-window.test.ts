import { describe, expect, it } from 'vitest';
import { heightToLearn, heightUnder, layoutKey, layoutRows, renderPlan, rowAt, rowsBetween, samePlan } from '../../../renderer/src/lib/measured-window.ts';

describe('layoutRows', () => {
  it('takes the measured heights, and their average for the rows not measured yet', () => {
    expect([...layoutRows([30, undefined, 50, undefined], 20)]).toEqual([0, 30, 70, 120, 160]);
  });

  it('uses the fallback until a row is measured', () => {
    expect([...layoutRows([undefined, undefined], 32)]).toEqual([0, 32, 64]);
    expect([...layoutRows([], 32)]).toEqual([0]);
  });
});

describe('rowAt and rowsBetween', () => {
  const offsets = layoutRows([10, 40, 10, 40, 10], 10); // tops 0 10 50 60 100, height 110

  it('finds the row at a point, the first or last beyond the ends', () => {
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 49.9)).toBe(1);
    expect(rowAt(offsets, 50)).toBe(2);
    expect(rowAt(offsets, -500)).toBe(0);
    expect(rowAt(offsets, 5000)).toBe(4);
    expect(rowAt(layoutRows([], 10), 30)).toBe(0);
  });

  it('gives the rows that show any part of a span, at least one', () => {
    expect(rowsBetween(offsets, 15, 55)).toEqual({ start: 1, end: 3 });
    expect(rowsBetween(offsets, 15, 61)).toEqual({ start: 1, end: 4 });
    expect(rowsBetween(offsets, -100, -50)).toEqual({ start: 0, end: 1 });
    expect(rowsBetween(offsets, 500, 900)).toEqual({ start: 4, end: 5 });
    expect(rowsBetween(layoutRows([], 10), 0, 100)).toEqual({ start: 0, end: 0 });
  });

  it('costs a screenful whatever the length of the list', () => {
    const long = layoutRows(Array.from({ length: 100_000 }, (_, i) => (i % 3 === 0 ? 60 : 30)), 30);
    const { start, end } = rowsBetween(long, 1_000_000, 1_000_800);
    expect(end - start).toBeLessThan(30);
    expect(long[start]!).toBeLessThanOrEqual(1_000_000);
    expect(long[end]!).toBeGreaterThanOrEqual(1_000_800);
  });
});

describe('renderPlan', () => {
  const offsets = layoutRows(Array.from({ length: 10 }, () => 20), 20);

  it('renders the rows of a range with gaps as tall as the rows left out above and below', () => {
    expect(renderPlan(offsets, [{ start: 3, end: 5 }])).toEqual([
      { gap: true, key: 'gap-0', height: 60 },
      { gap: false, key: 3, index: 3 },
      { gap: false, key: 4, index: 4 },
      { gap: true, key: 'gap-5', height: 100 },
    ]);
  });

  it('keeps a row apart from the range (the one with focus) with a gap between', () => {
    const plan = renderPlan(offsets, [{ start: 6, end: 8 }, { start: 0, end: 2 }]);
    expect(plan.map((piece) => (piece.gap ? `gap ${piece.height}` : piece.index))).toEqual([0, 1, 'gap 80', 6, 7, 'gap 40']);
  });

  it('merges ranges that overlap or touch, and clamps them to the rows there are', () => {
    const plan = renderPlan(offsets, [{ start: 2, end: 5 }, { start: 4, end: 7 }, { start: 7, end: 8 }, { start: 9, end: 40 }, { start: -3, end: 0 }]);
    expect(plan.map((piece) => (piece.gap ? `gap ${piece.height}` : piece.index))).toEqual(['gap 40', 2, 3, 4, 5, 6, 7, 'gap 20', 9]);
  });

  it('renders every row of a list shorter than the range, and nothing of an empty one', () => {
    expect(renderPlan(layoutRows([20, 20], 20), [{ start: 0, end: 50 }]).map((piece) => piece.key)).toEqual([0, 1]);
    expect(renderPlan(layoutRows([], 20), [{ start: 0, end: 1 }])).toEqual([]);
  });
});

describe('samePlan', () => {
  const offsets = layoutRows(Array.from({ length: 10 }, () => 20), 20);

  it('is true for the same rows and gaps, false when a row or a gap differs', () => {
    const plan = renderPlan(offsets, [{ start: 3, end: 5 }]);
    expect(samePlan(plan, renderPlan(offsets, [{ start: 3, end: 5 }]))).toBe(true);
    expect(samePlan(plan, renderPlan(offsets, [{ start: 3, end: 6 }]))).toBe(false);
    expect(samePlan(plan, renderPlan(layoutRows([25, ...Array.from({ length: 9 }, () => 20)], 20), [{ start: 3, end: 5 }]))).toBe(false);
  });
});

describe('heightToLearn', () => {
  it('learns a row first measured', () => {
    expect(heightToLearn(undefined, 41, false)).toBe(41);
  });

  it('learns a row whose height changed while drawn (content come in later), not one that has not', () => {
    expect(heightToLearn(32, 58, true)).toBe(58);
    expect(heightToLearn(58, 32, true)).toBe(32);
    expect(heightToLearn(32, 32.2, true)).toBeNull();
  });

  it('keeps what it knows of a row drawn anew, whatever its first frame measures (Back: its rows above stand as they stood)', () => {
    expect(heightToLearn(58, 32, false)).toBeNull();
  });

  it('learns nothing from a row not laid out (a hidden tab)', () => {
    expect(heightToLearn(undefined, 0, false)).toBeNull();
    expect(heightToLearn(32, 0, true)).toBeNull();
  });
});

describe('heightUnder', () => {
  const wide = layoutKey(1200, [180, 320, 400, 300]);
  const narrow = layoutKey(900, [150, 250, 300, 200]);

  it('knows a height learnt under the columns there are now', () => {
    expect(heightUnder({ height: 41, layout: wide }, wide)).toBe(41);
  });

  it('knows none learnt under other columns, nor of a row never measured: the row is estimated until drawn again', () => {
    expect(heightUnder({ height: 41, layout: wide }, narrow)).toBeUndefined();
    expect(heightUnder(undefined, wide)).toBeUndefined();
    // So the gaps after a width change stand on the rows measured under the new columns, not the old.
    const learnt = [{ height: 30, layout: wide }, { height: 58, layout: narrow }, { height: 30, layout: wide }];
    expect([...layoutRows(learnt.map((row) => heightUnder(row, narrow)), 32)]).toEqual([0, 58, 116, 174]);
  });

  it('names the same columns in the same box alike (Back to the same width knows every height), and any other width apart', () => {
    expect(layoutKey(1200, [180, 320.25])).toBe(layoutKey(1200, [180, 320.25]));
    expect(layoutKey(1200, [180, 320.25])).not.toBe(layoutKey(1200, [180, 321.25]));
    expect(layoutKey(1200, [180, 320])).not.toBe(layoutKey(1100, [180, 320]));
  });
});
