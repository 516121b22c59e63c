import { TOTAL_SUPPLY_TINYBARS } from '../network/unreleased-supply.ts';

/**
 * What the planned balances of user accounts and contracts may reach with a whale: half the 50 billion HBAR.
 * Ordinary balances planned after it still add up (about 300 HBAR an account, 0.3 billion a million accounts),
 * and the history moves more than the plans (reconcile-balances.ts only tops up), 0.0.800 holds 150 million, the
 * fees add up in 0.0.98 and the nodes: the treasury holds the rest (treasury-balance.ts). The 20,000-account demo
 * plans about 9 billion, so the limit never binds up to there.
 */
export const WHALE_LIMIT = TOTAL_SUPPLY_TINYBARS / 2n;

/**
 * The planned balances so far, in planning order (the account order, so the same on every run), against
 * `limit`. Whales (up to 5e17 tinybars each, one account in about 1,700) are a fixed share of the accounts, so
 * without a limit the planned balances grow with the ledger past the total supply (from about 100,000 accounts);
 * a whale is drawn only while it fits (hbarBalance in balances.ts).
 */
export class SupplyBudget {
  readonly #limit: bigint;
  #planned = 0n;

  constructor(limit: bigint = WHALE_LIMIT) {
    this.#limit = limit;
  }

  /** The planned balances so far, in tinybars. */
  get planned(): bigint {
    return this.#planned;
  }

  /** Whether a balance of `tinybars` keeps the planned balances within the limit. */
  fits(tinybars: number | bigint): boolean {
    return this.#planned + BigInt(tinybars) <= this.#limit;
  }

  /** Counts a planned balance. */
  plan(tinybars: number | bigint | null): void {
    this.#planned += BigInt(tinybars ?? 0);
  }
}
