import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExchangeRates, NetworkNode, NetworkStake } from '../../../renderer/src/lib/ledger-types.ts';
import { endpointText, formatFraction, formatShare, formatWholeHbar, usdPerHbar, weightNote, yearlyRewardPercent } from '../../../renderer/src/lib/network-figures.ts';

const SPECS = path.resolve('../shared/conformance/mirror/specs/network');

/** The expected answer of a reference case (of its first test, when it has several). */
function referenceAnswer<T>(file: string): T {
  const spec = JSON.parse(fs.readFileSync(path.join(SPECS, file), 'utf8')) as { responseJson?: T; tests?: Array<{ responseJson: T }> };
  return spec.responseJson ?? spec.tests![0]!.responseJson;
}

describe('network figures', () => {
  it('prices HBAR from the reference exchange rate answer', () => {
    const rates = referenceAnswer<ExchangeRates>('exchangerate/fallback.json');
    // 424,437 cents buy 30,000 HBAR: 14.1479 cents each.
    expect(rates.current_rate).toMatchObject({ cent_equivalent: 424437, hbar_equivalent: 30000 });
    expect(usdPerHbar(rates.current_rate)).toBe('$0.14148');
    expect(usdPerHbar(rates.next_rate)).toBe('$0.13387');
    expect(usdPerHbar({ cent_equivalent: 5, hbar_equivalent: 0, expiration_time: 0 })).toBe('—');
    expect(usdPerHbar(null)).toBe('—');
  });

  it('shows the reference stake answer fee fractions as percentages', () => {
    const stake = referenceAnswer<NetworkStake>('stake/no-params.json');
    expect(formatFraction(stake.node_reward_fee_fraction)).toBe('0.3%');
    expect(formatFraction(stake.staking_reward_fee_fraction)).toBe('10%');
    expect(formatFraction(undefined)).toBe('—');
  });

  it('rounds tinybars to whole HBAR exactly beyond 2^53', () => {
    expect(formatWholeHbar(35_000_000_000_000_003n)).toBe('350,000,000 ℏ');
    expect(formatWholeHbar(524_364_838_696_842)).toBe('5,243,648 ℏ');
    expect(formatWholeHbar('5000000000000000000')).toBe('50,000,000,000 ℏ');
    expect(formatWholeHbar(149_999_999)).toBe('1 ℏ');
    expect(formatWholeHbar(150_000_000)).toBe('2 ℏ');
    expect(formatWholeHbar(-250_000_000)).toBe('-3 ℏ');
    expect(formatWholeHbar(-10)).toBe('0 ℏ');
    expect(formatWholeHbar(null)).toBe('—');
    expect(formatWholeHbar('12.5')).toBe('—');
  });

  it('computes shares on bigint, rounding to hundredths', () => {
    expect(formatShare(1, 3)).toBe('33.33%');
    expect(formatShare(2, 3)).toBe('66.67%');
    expect(formatShare(0, 7)).toBe('0.00%');
    expect(formatShare(7, 7)).toBe('100.00%');
    // Supply figures pass 2^53: a plain division of doubles would lose the last tinybar.
    expect(formatShare('2649997670700000000', '5000000000000000000')).toBe('53.00%');
    expect(formatShare(9_007_199_254_740_993n, 18_014_398_509_481_986n)).toBe('50.00%');
    expect(formatShare(1, 0)).toBe('—');
    expect(formatShare(null, 3)).toBe('—');
    expect(formatShare(-1, 3)).toBe('—');
  });

  it('turns a daily reward rate in tinybars per HBAR into a yearly percentage', () => {
    // 1,500 tinybars a day per HBAR: 547,500 a year, 0.5475% of the HBAR.
    expect(yearlyRewardPercent(1_500)).toBe('0.55%');
    expect(yearlyRewardPercent(17_808)).toBe('6.50%');
    expect(yearlyRewardPercent(0)).toBe('0.00%');
    expect(yearlyRewardPercent(null)).toBe('—');
  });

  it('names an endpoint by its domain when it has one', () => {
    expect(endpointText({ domain_name: '', ip_address_v4: '128.0.0.6', port: 50216 })).toBe('128.0.0.6:50216');
    expect(endpointText({ domain_name: 'node0.example', ip_address_v4: '', port: 50211 })).toBe('node0.example:50211');
  });
});

describe('weightNote', () => {
  const node = (stake: bigint, rewarded: bigint, notRewarded: bigint) => ({ stake, stake_rewarded: rewarded, stake_not_rewarded: notRewarded, min_stake: 1_000n, max_stake: 50_000n });

  it('says when the weight is capped at the maximum stake or zero below the minimum', () => {
    expect(weightNote(node(50_000n, 60_000n, 5n))).toBe('capped at its maximum stake');
    expect(weightNote(node(0n, 600n, 300n))).toBe('below its minimum stake: no weight');
  });

  it('says nothing when the weight is what is staked, or nothing is staked', () => {
    expect(weightNote(node(30_000n, 29_000n, 1_000n))).toBeNull();
    expect(weightNote(node(50_000n, 50_000n, 0n))).toBeNull();
    expect(weightNote(node(0n, 0n, 0n))).toBeNull();
  });

  it('reads the reference node answers, whose stakes lie between their bounds', () => {
    // network/nodes/no-params.json: a node with stake 13 (5 rewarded, 8 not) between 10 and 5,000, and one with no stake record.
    const nodes = referenceAnswer<{ nodes: NetworkNode[] }>('nodes/no-params.json').nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) expect(weightNote(n)).toBeNull();
  });
});
