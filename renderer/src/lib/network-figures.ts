import { groupDigits } from './format.ts';
import { toBigInt } from './ledger-format.ts';
import type { ExchangeRate, Int64, NetworkNode } from './ledger-types.ts';

const TINYBARS_PER_HBAR = 100_000_000n;
const DAYS_PER_YEAR = 365n;

/**
 * Tinybars as whole HBAR, rounded to the nearest, for figures in the millions where eight
 * decimals would only hide the size: `524364838696842` -> `5,243,648 ℏ`. Exact beyond 2^53.
 */
export function formatWholeHbar(tinybars: Int64 | string | null | undefined): string {
  const value = toBigInt(tinybars);
  if (value === null) return '—';
  const magnitude = value < 0n ? -value : value;
  const whole = (magnitude + TINYBARS_PER_HBAR / 2n) / TINYBARS_PER_HBAR;
  return `${value < 0n && whole > 0n ? '-' : ''}${groupDigits(whole.toString())} ℏ`;
}

/**
 * `part` as a percentage of `whole` with two decimals, computed on bigint so that stakes and
 * supplies beyond 2^53 stay exact: (1, 3) -> `33.33%`. A dash when either is missing or `whole` is 0.
 */
export function formatShare(part: Int64 | string | null | undefined, whole: Int64 | string | null | undefined): string {
  const numerator = toBigInt(part);
  const denominator = toBigInt(whole);
  if (numerator === null || denominator === null || denominator <= 0n || numerator < 0n) return '—';
  const hundredths = (numerator * 10_000n * 2n + denominator) / (denominator * 2n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

/**
 * The US dollar price of one HBAR in an exchange rate (`cent_equivalent` cents buy
 * `hbar_equivalent` HBAR), to five decimals: 516,120 cents for 30,000 HBAR -> `$0.17204`.
 */
export function usdPerHbar(rate: ExchangeRate | null | undefined): string {
  if (!rate || !(rate.hbar_equivalent > 0) || !(rate.cent_equivalent >= 0)) return '—';
  return `$${(rate.cent_equivalent / rate.hbar_equivalent / 100).toFixed(5)}`;
}

/**
 * A daily staking reward rate in tinybars per whole HBAR as the yearly percentage it comes to,
 * without compounding (how explorers quote it): 1,500 -> `0.55%`; a dash when unknown.
 */
export function yearlyRewardPercent(tinybarsPerHbarPerDay: Int64 | null | undefined): string {
  const rate = toBigInt(tinybarsPerHbarPerDay);
  if (rate === null || rate < 0n) return '—';
  return formatShare(rate * DAYS_PER_YEAR, TINYBARS_PER_HBAR);
}

/** A fee fraction of the staking settings (0.1) as a percentage (`10%`). */
export function formatFraction(fraction: number | null | undefined): string {
  if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return '—';
  return `${Number((fraction * 100).toFixed(4))}%`;
}

/** Where a node answers: `host:port`, by domain name when it has one. */
export function endpointText(endpoint: { domain_name: string; ip_address_v4: string; port: number }): string {
  return `${endpoint.domain_name || endpoint.ip_address_v4}:${endpoint.port}`;
}

/**
 * What to say of a node's consensus weight when it is not simply what is staked to it: capped at
 * the maximum stake, or nothing because the stake is below the minimum (HIP-406).
 */
export function weightNote(node: Pick<NetworkNode, 'stake' | 'stake_rewarded' | 'stake_not_rewarded' | 'min_stake' | 'max_stake'>): string | null {
  const weight = toBigInt(node.stake);
  if (weight === null) return null;
  const staked = (toBigInt(node.stake_rewarded) ?? 0n) + (toBigInt(node.stake_not_rewarded) ?? 0n);
  const max = toBigInt(node.max_stake);
  const min = toBigInt(node.min_stake);
  if (max !== null && weight === max && staked > max) return 'capped at its maximum stake';
  if (min !== null && weight === 0n && staked > 0n && staked < min) return 'below its minimum stake: no weight';
  return null;
}
