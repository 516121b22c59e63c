import { describe, expect, it } from 'vitest';
import { Observable } from '../../../renderer/src/lib/observable.ts';

describe('Observable', () => {
  it('gives a new listener the current value, then each value set, until it unsubscribes or is cleared', () => {
    const value = new Observable(1);
    const seen: number[] = [];
    const other: number[] = [];
    const stop = value.subscribe((v) => seen.push(v));
    value.subscribe((v) => other.push(v));
    value.set(2);
    stop();
    value.set(3);
    expect(seen).toEqual([1, 2]);
    expect(other).toEqual([1, 2, 3]);
    expect(value.value).toBe(3);
    value.clear();
    value.set(4);
    expect(other).toEqual([1, 2, 3]);
  });
});
