import { TOTAL_SUPPLY_TINYBARS } from '../network/unreleased-supply.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { TREASURY } from './system-accounts.ts';

/**
 * Makes the treasury hold what no other account or contract holds of the 50 billion HBAR, so that all balances
 * add up to the network's total supply, as on a real network (since generator 27; before, the treasury's balance
 * was planned on its own and the balances summed to 31.5 billion). Every transaction's transfers sum to zero,
 * so the sum holds at every moment too: the balance snapshots are read backwards from these balances
 * (balance-snapshots.ts), which gives the treasury the genesis balance that makes it so. Run once every
 * other balance is final, before the snapshots. Returns the treasury's balance (0 when there is no treasury).
 */
export function settleTreasuryBalance(db: SqliteDatabase): bigint {
  const others = (db.prepare(`SELECT coalesce(sum(balance), 0) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND id != ?`)
    .pluck().safeIntegers(true).get(TREASURY) as bigint);
  const balance = TOTAL_SUPPLY_TINYBARS - others;
  if (balance < 0n) throw new RangeError(`the demo's accounts hold ${others} tinybars, more than the total supply`);
  const changes = db.prepare('UPDATE entity SET balance = ? WHERE id = ?').run(balance, TREASURY).changes;
  return changes === 0 ? 0n : balance;
}
