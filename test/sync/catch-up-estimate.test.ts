import { describe, expect, it } from 'vitest';
import { CatchUpEstimate } from '../../main/sync/catch-up-estimate.ts';

const at = (seconds: number) => seconds * 1000;
const ts = (seconds: number) => `${seconds}.000000000`;

describe('CatchUpEstimate', () => {
  it('says nothing until both paces are measured over 10 s', () => {
    const estimate = new CatchUpEstimate();
    expect(estimate.secondsLeft(at(0))).toBeNull();
    estimate.followed(at(0), ts(1_000));
    estimate.newest(at(0), ts(101_000));
    estimate.followed(at(5), ts(6_000));
    expect(estimate.secondsLeft(at(5))).toBeNull();
    estimate.followed(at(20), ts(21_000));
    // The upstream's pace is not known yet (asked once).
    expect(estimate.secondsLeft(at(20))).toBeNull();
  });

  it('a still upstream: the gap over the pace of following', () => {
    const estimate = new CatchUpEstimate();
    estimate.newest(at(0), ts(101_000));
    estimate.followed(at(0), ts(1_000));
    estimate.followed(at(20), ts(21_000));
    estimate.newest(at(30), ts(101_000));
    // 1,000 ledger seconds a second; 80,000 to go.
    expect(estimate.secondsLeft(at(20))).toBeCloseTo(80);
  });

  it('a live upstream: closes at the difference of the paces, or never', () => {
    const estimate = new CatchUpEstimate();
    estimate.newest(at(0), ts(10_000));
    estimate.followed(at(0), ts(1_000));
    estimate.followed(at(30), ts(1_090));
    estimate.newest(at(30), ts(10_030));
    // Following goes 3 ledger s a second, the upstream 1: 8,940 to go, closing at 2 a second.
    expect(estimate.secondsLeft(at(30))).toBeCloseTo(4_470);
    // Ten seconds on, the upstream is estimated 10 further.
    expect(estimate.secondsLeft(at(40))).toBeCloseTo(4_475);
    const falling = new CatchUpEstimate();
    falling.newest(at(0), ts(10_000));
    falling.followed(at(0), ts(1_000));
    falling.followed(at(30), ts(1_015));
    falling.newest(at(30), ts(10_030));
    expect(falling.secondsLeft(at(30))).toBe(Infinity);
  });
});
