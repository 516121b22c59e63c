import { describe, expect, it } from 'vitest';
import { moveCreation, planAccount, planContract } from '../../../main/mirror/demo/accounts.ts';
import { Prng } from '../../../main/mirror/demo/prng.ts';
import { SupplyBudget } from '../../../main/mirror/demo/supply-budget.ts';
import { AUTO_RENEW_SECONDS, renewedExpiryNanos } from '../../../main/mirror/demo/timeline.ts';

// Large demos (beyond about 26,000 accounts) plan accounts closer together than their creation times spread, so the
// generator moves a creation that would predate the entity numbered before it; the 3,000-account demo never does.
describe('moving a planned creation later', () => {
  const HOUR_NANOS = 3_600_000_000_000n;

  it('moves what dates from the creation, and the start of the history, by as much', () => {
    const rng = new Prng(7);
    const budget = new SupplyBudget();
    for (const plan of [planAccount(5_000, 0.5, [], rng, budget), planContract(5_001, 0.5, rng, budget)]) {
      const { row } = plan;
      const [created, seconds, balanceAt] = [row.createdTimestamp, plan.createdSeconds, row.balanceTimestamp!];
      moveCreation(plan, created + HOUR_NANOS);
      expect(row.createdTimestamp).toBe(created + HOUR_NANOS);
      expect(plan.createdSeconds).toBeCloseTo(seconds + 3_600, 3);
      expect(row.timestampRangeLower).toBeGreaterThanOrEqual(row.createdTimestamp);
      expect(row.balanceTimestamp).toBe(balanceAt > row.createdTimestamp ? balanceAt : row.createdTimestamp);
      expect(row.expirationTimestamp).toBe(renewedExpiryNanos(row.createdTimestamp, row.autoRenewPeriod ?? AUTO_RENEW_SECONDS));
    }
  });

  it('keeps a stake that began after the new creation', () => {
    const rng = new Prng(11);
    // A node staker: its current version starts with its stake, after its creation.
    const budget = new SupplyBudget();
    const plan = Array.from({ length: 200 }, (_, i) => planAccount(6_000 + i, 0.2, [], rng, budget)).find((p) => p.row.timestampRangeLower > p.row.createdTimestamp + HOUR_NANOS)!;
    const stakeSince = plan.row.timestampRangeLower;
    moveCreation(plan, plan.row.createdTimestamp + HOUR_NANOS);
    expect(plan.row.timestampRangeLower).toBe(stakeSince);
  });
});
