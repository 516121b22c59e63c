import { describe, expect, it } from 'vitest';
import { keptWidthsFor, widenedWidths } from '../../../renderer/src/lib/frozen-columns.ts';

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
