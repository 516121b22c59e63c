import { describe, expect, it } from 'vitest';
import { HistoryVisits } from '../../../renderer/src/lib/history-visits.ts';

/** A session history of entries whose states replaceState writes, moved along by hand. */
function fakeHistory() {
  const states: unknown[] = [null];
  let at = 0;
  const history = {
    get state(): unknown { return states[at]; },
    replaceState(data: unknown): void { states[at] = data; },
  };
  const navigate = (state: unknown = null): void => { states.splice(at + 1, Infinity, state); at += 1; };
  const back = (): void => { at -= 1; };
  const forward = (): void => { at += 1; };
  return { history, navigate, back, forward, states };
}

function counter(): () => string {
  let n = 0;
  return () => `entry-${++n}`;
}

describe('HistoryVisits', () => {
  it('keys a new entry in its state, keeping what else the state holds', () => {
    const { history, navigate, states } = fakeHistory();
    navigate({ other: 1 });
    const visits = new HistoryVisits(history, counter());
    expect(visits.current().entry).toBe('entry-1');
    expect(states[1]).toEqual({ other: 1, mirrordeskEntry: 'entry-1' });
  });

  it('is the same visit while the entry shows, and a new one on a return to it', () => {
    const { history, navigate, back, forward } = fakeHistory();
    const visits = new HistoryVisits(history, counter());
    const first = visits.current();
    expect(visits.current()).toBe(first);
    navigate();
    const second = visits.current();
    expect(second.entry).not.toBe(first.entry);
    back();
    const again = visits.current();
    expect(again.entry).toBe(first.entry);
    expect(again).not.toBe(first);
    forward();
    expect(visits.current().entry).toBe(second.entry);
  });

  it('a fresh navigation is a new entry even to the same place', () => {
    const { history, navigate } = fakeHistory();
    const visits = new HistoryVisits(history, counter());
    const first = visits.current();
    navigate();
    expect(visits.current().entry).not.toBe(first.entry);
  });
});
