import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planAccount, planContract } from '../../../main/mirror/demo/accounts.ts';
import { Prng } from '../../../main/mirror/demo/prng.ts';
import { SupplyBudget, WHALE_LIMIT } from '../../../main/mirror/demo/supply-budget.ts';
import { TOTAL_SUPPLY_TINYBARS } from '../../../main/mirror/network/unreleased-supply.ts';

/** The planner's draws alone (no keys, no history): `count` user accounts and contracts in the generator's proportions. */
function planBalances(count: number, budget: SupplyBudget): { balances: bigint[]; digest: string } {
  const rng = new Prng(0x6d697272);
  const balances: bigint[] = [];
  const hash = createHash('sha256');
  for (let i = 0; i < count; i++) {
    const num = 1001 + i;
    const plan = rng.chance(0.04) ? planContract(num, i / count, rng, budget) : planAccount(num, i / count, [], rng, budget);
    balances.push(BigInt(plan.row.balance ?? 0));
    hash.update(`${plan.row.balance}\n`);
  }
  return { balances, digest: hash.digest('hex') };
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const WHALE = 1_000_000_000_000_000n;

// Whales (1e15 to 5e17 tinybars, one account in about 1,700) are a fixed share of the accounts, so planned freely
// their sum grows with the ledger past the 50 billion HBAR the treasury's balance makes up to (470 billion at a
// million accounts), and 0.0.2's balance would have to go below zero.
describe('planned balances against the total supply', () => {
  it('plans a million accounts within the budget, whales and all, where unbounded they would hold 9 times the supply', () => {
    const budget = new SupplyBudget();
    const { balances } = planBalances(1_000_000, budget);
    const planned = sum(balances);
    expect(budget.planned).toBe(planned);
    // Every whale fits in half the supply with what was planned before it; what is planned after is ordinary.
    let before = 0n;
    for (const balance of balances) {
      if (balance >= WHALE) expect(before + balance).toBeLessThanOrEqual(WHALE_LIMIT);
      before += balance;
    }
    expect(planned).toBeLessThan((TOTAL_SUPPLY_TINYBARS * 6n) / 10n);
    expect(balances.every((balance) => balance >= 0n)).toBe(true);
    // The budget is spent on whales, not just refused: they take most of it.
    expect(sum(balances.filter((balance) => balance >= WHALE))).toBeGreaterThan((WHALE_LIMIT * 9n) / 10n);

    const unbounded = planBalances(1_000_000, new SupplyBudget(2n ** 100n));
    expect(sum(unbounded.balances)).toBeGreaterThan(9n * TOTAL_SUPPLY_TINYBARS);
    // A whale past the budget becomes an ordinary balance drawn from the same numbers: the accounts and contracts
    // without one, and every draw after it, are as they were.
    let fellBack = 0;
    unbounded.balances.forEach((balance, i) => {
      if (balance === balances[i]) return;
      expect(balance).toBeGreaterThanOrEqual(WHALE);
      expect(balances[i]).toBeGreaterThanOrEqual(1_000_000_000n);
      expect(balances[i]).toBeLessThan(600_000_000_000n);
      fellBack += 1;
    });
    expect(fellBack).toBeGreaterThan(100);
  }, 60_000);

  it('leaves the plans of the 20,000-account demo as they were before the budget', () => {
    // The digest of these balances from the planner before the budget (generator 27).
    expect(planBalances(20_000, new SupplyBudget()).digest).toBe('5d12ee37701533c000eebb96415a49c579de2b87c8e7f0dc442b4f054099bebb');
  });
});
