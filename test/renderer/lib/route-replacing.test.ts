import { describe, expect, it } from 'vitest';
import { replacingRoute, routeReplaces } from '../../../renderer/src/lib/route-replacing.ts';

describe('replacingRoute', () => {
  it('replaces only for the route changes made inside it, also after one throws', () => {
    expect(routeReplaces()).toBe(false);
    const seen: boolean[] = [];
    replacingRoute(() => {
      seen.push(routeReplaces());
      replacingRoute(() => seen.push(routeReplaces()));
      seen.push(routeReplaces());
    });
    expect(seen).toEqual([true, true, true]);
    expect(routeReplaces()).toBe(false);
    expect(() => replacingRoute(() => { throw new Error('route'); })).toThrow('route');
    expect(routeReplaces()).toBe(false);
  });
});
