import { describe, expect, it } from 'vitest';
import { EntryMemory } from '../../../renderer/src/lib/entry-memory.ts';
import type { Visit } from '../../../renderer/src/lib/history-visits.ts';

/** Visits set by hand: `go(entry)` starts a new visit of `entry`. */
function visitsByHand() {
  let visit: Visit = { entry: 'a' };
  return { current: () => visit, go: (entry: string) => { visit = { entry }; } };
}

describe('EntryMemory', () => {
  it('recalls a slot on a return to its entry, not on a fresh one', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    expect(memory.at<number>('list').recalled).toBeUndefined();
    memory.at<number>('list').keep(7);
    visits.go('b');
    expect(memory.at<number>('list').recalled).toBeUndefined();
    visits.go('a');
    expect(memory.at<number>('list').recalled).toBe(7);
  });

  it('recalls each slot once per visit: shown again while the user stays, it starts fresh', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    memory.at<number>('list').keep(7);
    memory.at<number>('offset').keep(300);
    visits.go('b');
    visits.go('a');
    expect(memory.at<number>('list').recalled).toBe(7);
    expect(memory.at<number>('list').recalled).toBeUndefined();
    expect(memory.at<number>('offset').recalled).toBe(300);
    // Still noted for the next return.
    visits.go('b');
    visits.go('a');
    expect(memory.at<number>('list').recalled).toBe(7);
  });

  it('a note keeps writing to the entry it was taken at, after the route moved on', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    const note = memory.at<number>('list');
    visits.go('b');
    note.keep(9);
    expect(memory.at<number>('list').recalled).toBeUndefined();
    visits.go('a');
    expect(memory.at<number>('list').recalled).toBe(9);
  });

  it('keeps only the most recently used entries', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits, 2);
    for (const entry of ['a', 'b', 'c']) {
      visits.go(entry);
      memory.at<string>('list').keep(entry);
    }
    visits.go('a');
    expect(memory.at<string>('list').recalled).toBeUndefined();
    visits.go('b');
    expect(memory.at<string>('list').recalled).toBe('b');
    visits.go('c');
    expect(memory.at<string>('list').recalled).toBe('c');
  });

  it('forgets everything on clear (another profile)', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    memory.at<number>('list').keep(7);
    memory.clear();
    visits.go('b');
    visits.go('a');
    expect(memory.at<number>('list').recalled).toBeUndefined();
  });
});
