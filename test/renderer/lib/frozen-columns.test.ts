import { describe, expect, it } from 'vitest';
import { keptWidthsFor } from '../../../renderer/src/lib/frozen-columns.ts';

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
