import { describe, expect, it } from 'vitest';
import { cappedWidths, keptWidthsFor, widenedWidths } from '../../../renderer/src/lib/frozen-columns.ts';

describe('keptWidthsFor', () => {
  const kept = { boxWidth: 1200, widths: [180, 320, 400, 300] };

  it('gives the widths kept when the table\'s box is as wide as when they were taken (Back lays the rows out as they were measured)', () => {
    expect(keptWidthsFor(kept, 1200)).toEqual([180, 320, 400, 300]);
    expect(keptWidthsFor(kept, 1200.3)).toEqual([180, 320, 400, 300]);
  });

  it('gives none at another width (the window resized on another screen), nor when none were kept: they are taken anew', () => {
    expect(keptWidthsFor(kept, 1000)).toBeNull();
    expect(keptWidthsFor(undefined, 1200)).toBeNull();
  });
});

describe('widenedWidths', () => {
  it('widens a column a cell overflows by as much as it overflows, from its width laid out now', () => {
    expect(widenedWidths([100, 200, 80], [100, 200, 80], [0, 0, 46])).toEqual([100, 200, 126]);
    // Laid out wider than fixed (spare room shared out): widened from what it is.
    expect(widenedWidths([100, 200, 80], [104, 204, 84], [0, 0, 46])).toEqual([100, 200, 130]);
  });

  it('never narrows a column, and changes nothing when no cell overflows', () => {
    expect(widenedWidths([100, 200, 80], [90, 200, 80], [3, 0, 0])).toEqual([100, 200, 80]);
    expect(widenedWidths([100, 200, 80], [100, 200, 80], [0, 0, 0])).toBeNull();
  });
});

describe('cappedWidths', () => {
  it('keeps the widening whole while the box has room for it', () => {
    expect(cappedWidths([100, 200, 80], [100, 200, 126], 500)).toEqual([100, 200, 126]);
  });

  it('widens no further than the box is wide: the columns widened share what is left, as much as each wanted', () => {
    // 120 px left in a 500 px box; 225 wanted (column 3), so the box's width and no more.
    expect(cappedWidths([100, 200, 80], [100, 200, 305], 500)).toEqual([100, 200, 200]);
    // Two columns wanting 100 and 300 of the 40 left: 10 and 30.
    const shared = cappedWidths([100, 200, 160], [200, 200, 460], 500);
    expect(shared.map((width) => Math.round(width))).toEqual([110, 200, 190]);
  });

  it('takes the room a full box lacks from the other columns, as much as each has to give, and no more', () => {
    // The box full: column 3 wants 60; columns 1 and 2 can give 20 and 60 (1 in 4, 3 in 4 of the 60).
    expect(cappedWidths([100, 200, 200], [100, 200, 260], 500, [20, 60, 0])).toEqual([85, 155, 260]);
    // Wanting more than they can give: all they have, and the box stays full.
    expect(cappedWidths([100, 200, 200], [100, 200, 400], 500, [20, 60, 5])).toEqual([80, 140, 280]);
    // The column widened gives nothing, whatever its cells leave free.
    expect(cappedWidths([100, 200, 200], [100, 200, 260], 500, [0, 0, 50])).toEqual([100, 200, 200]);
  });

  it('never narrows a column, even fixed wider than the box', () => {
    expect(cappedWidths([300, 300], [300, 500], 500)).toEqual([300, 300]);
  });
});
