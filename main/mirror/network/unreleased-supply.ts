import { encodeEntityId } from '../format/entity-id.ts';

/**
 * Accounts whose balances are not part of the released supply (the reference's default
 * `network.unreleasedSupplyAccounts`): the treasury and the accounts that hold unreleased
 * and system funds.
 */
const UNRELEASED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [2, 2], [42, 42], [44, 71], [73, 87], [99, 100], [200, 349], [400, 750],
];

/** Every unreleased account's encoded id in the configured shard and realm. */
export function unreleasedAccountIds(shard: number, realm: number): bigint[] {
  const ids: bigint[] = [];
  for (const [from, to] of UNRELEASED_RANGES) {
    for (let num = from; num <= to; num++) ids.push(encodeEntityId(shard, realm, num)!);
  }
  return ids;
}

/** The ledger's fixed total: 50 billion hbars in tinybars. */
export const TOTAL_SUPPLY_TINYBARS = 5_000_000_000_000_000_000n;
const TINYBARS_PER_HBAR = 100_000_000n;

export type CurrencyFormat = 'BOTH' | 'HBARS' | 'TINYBARS';

/** A tinybar amount as `q=` answers it: hbars with 8 decimals (BOTH), whole hbars, or tinybars. */
export function formatSupply(tinybars: bigint, format: CurrencyFormat): string {
  if (format === 'TINYBARS') return tinybars.toString();
  const hbars = tinybars / TINYBARS_PER_HBAR;
  if (format === 'HBARS') return hbars.toString();
  return `${hbars}.${(tinybars % TINYBARS_PER_HBAR).toString().padStart(8, '0')}`;
}
