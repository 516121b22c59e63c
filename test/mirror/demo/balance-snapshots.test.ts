import { describe, expect, it } from 'vitest';
import { fullSnapshotTimes, snapshotTimes, walkBack, type Delta } from '../../../main/mirror/demo/balance-snapshots.ts';
import { DEMO_NOW_SECONDS } from '../../../main/mirror/demo/timeline.ts';

const DAY = 86_400n * 1_000_000_000n;
const HOUR = 3_600n * 1_000_000_000n;

describe('snapshot times', () => {
  const times = snapshotTimes();
  it('are daily at midnight UTC, then hourly over the last week, none after now', () => {
    expect(times.every((at, i) => i === 0 || at > times[i - 1]!)).toBe(true);
    expect(times.every((at) => at % HOUR === 0n)).toBe(true);
    expect(times.at(-1)! <= BigInt(DEMO_NOW_SECONDS) * 1_000_000_000n).toBe(true);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    // Daily, one shorter step into the hourly week, then hourly.
    const hourly = gaps.findIndex((gap) => gap !== DAY) + 1;
    expect(gaps.slice(0, hourly - 1).every((gap) => gap === DAY)).toBe(true);
    expect(gaps[hourly - 1]! < DAY).toBe(true);
    expect(gaps.slice(hourly).every((gap) => gap === HOUR)).toBe(true);
    expect(gaps.length - hourly).toBeGreaterThanOrEqual(7 * 24 - 1);
    expect(times.slice(0, hourly).every((at) => at % DAY === 0n)).toBe(true);
  });

  it('list every balance at the first of each month', () => {
    const full = [...fullSnapshotTimes(times)];
    expect(full[0]).toBe(times[0]);
    for (const at of full.slice(1)) expect(new Date(Number(at / 1_000_000n)).toISOString()).toMatch(/-01T00:00:00\.000Z$/);
    expect(full.length).toBeGreaterThanOrEqual(36);
  });
});

describe('walkBack', () => {
  // Balances now: a 100, b 50, c 7 (never changes). Snapshots at 10 (full), 20, 30; changes after 30 are undone silently.
  const changes: Array<{ at: bigint } & Delta<string>> = [
    { at: 5n, key: 'a', amount: 40n },
    { at: 15n, key: 'a', amount: 10n }, { at: 15n, key: 'b', amount: -5n }, { at: 20n, key: 'a', amount: 30n },
    { at: 25n, key: 'b', amount: 20n },
    { at: 31n, key: 'a', amount: 20n },
  ];
  function walk(full: bigint[], always: string[] = [], inFull: (key: string) => boolean = () => true): Array<[number, string, number]> {
    const rows: Array<[number, string, number]> = [];
    walkBack({
      current: new Map([['a', 100n], ['b', 50n], ['c', 7n]]),
      deltasBetween: (after, upTo) => changes.filter((c) => c.at > after && c.at <= upTo),
      newestFirst: [30n, 20n, 10n],
      isFull: (at) => full.includes(at),
      inFull,
      always,
      emit: (at, key, balance) => rows.push([Number(at), key, Number(balance)]),
    });
    return rows.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  }

  it('lists at each snapshot what changed since the one before, at its balance then; a full one lists everything', () => {
    // a: 100 now, 80 at 30 (before the change at 31), 80 at 20, 40 at 10; b: 50 at 30, 30 at 20, 35 at 10.
    expect(walk([10n])).toEqual([
      [10, 'a', 40], [10, 'b', 35], [10, 'c', 7],
      [20, 'a', 80], [20, 'b', 30],
      [30, 'b', 50],
    ]);
  });

  it('counts a change at exactly a snapshot in it, and lists the always keys in every snapshot', () => {
    const rows = walk([], ['c']);
    expect(rows.filter(([, key]) => key === 'c').map(([at]) => at)).toEqual([10, 20, 30]);
    expect(rows).toContainEqual([20, 'a', 80]);
    // A full snapshot leaves out what inFull refuses (a relationship not there yet, an empty one).
    expect(walk([10n], [], (key) => key !== 'c').filter(([at]) => at === 10)).toEqual([[10, 'a', 40], [10, 'b', 35]]);
  });
});
