import type { Prng } from './prng.ts';
import type { SupplyBudget } from './supply-budget.ts';

/** 1 HBAR in tinybars. */
export const TINYBARS_PER_HBAR = 100_000_000;

/**
 * Integers beyond 2^53 must reach SQLite as bigint: a JavaScript number there would bind
 * as REAL and lose the INTEGER affinity the API reads back with safeIntegers.
 */
export function sqlInteger(value: number): number | bigint {
  return Number.isSafeInteger(value) ? value : BigInt(Math.round(value));
}

/**
 * An account's tinybar balance, shaped like a real ledger's: about a quarter empty, a
 * log-normal body around a few tens of HBAR, and rare whales up to ~5e17 tinybars, while
 * `budget` has room for them. The caller counts the balance into `budget`.
 */
export function hbarBalance(rng: Prng, budget: SupplyBudget): number | bigint {
  if (rng.chance(0.27)) return 0;
  if (rng.chance(0.0008)) {
    const place = rng.next();
    const whale = sqlInteger(Math.floor(10 ** (15 + place * 2.7)));
    if (budget.fits(whale)) return whale;
    // Past the budget (only in demos far larger than the default): the same draw, six orders of magnitude down
    // (10 to 5,000 HBAR, inside the body), so no further draw moves what follows.
    return Math.floor(10 ** (9 + place * 2.7));
  }
  const hbars = Math.exp(Math.log(25) + 2.4 * rng.normal());
  return Math.min(Math.max(1, Math.round(hbars * TINYBARS_PER_HBAR)), 5e14);
}

/** A fungible token balance in the token's smallest unit, or an NFT count (decimals null). */
export function tokenBalance(rng: Prng, decimals: number | null): number {
  if (rng.chance(0.22)) return 0;
  if (decimals === null) return 1 + rng.geometric(1.5);
  const units = Math.exp(Math.log(120) + 2.6 * rng.normal());
  // Capped so a token's summed supply stays far below int64 even at 8 decimals.
  return Math.min(Math.max(1, Math.round(units * 10 ** decimals)), 1e14);
}
