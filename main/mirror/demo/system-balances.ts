import type { SqliteDatabase } from '../store/ledger-store.ts';
import { FIRST_USER_ACCOUNT, TREASURY } from './system-accounts.ts';

/**
 * Settles the system accounts' HBAR balances (0.0.1..0.0.1000 but the treasury: the fee collector 0.0.98, the node
 * accounts, 0.0.800 and 0.0.801) against their transfers, as reconcile-balances.ts settles the user accounts': each
 * ends with what it held at genesis plus its transfers, and never goes below zero on the way. The balance snapshots
 * are read backwards from these balances (balance-snapshots.ts), so what an account held at genesis is its balance
 * less all its transfers. An account keeps its planned balance (accounts.ts) where that leaves it a genesis balance
 * that covers every dip; otherwise its genesis balance is just what covers the deepest one (for an account that only
 * receives, such as 0.0.98: none), and it ends with that plus its transfers (since generator 28; before, 0.0.98
 * ended with a fixed 12,500 HBAR while its fee income grows with the ledger, and went below zero in the early
 * snapshots of the 20,000-account demo). Run once every transfer is written, staking rewards included, and before
 * the treasury's balance is settled (treasury-balance.ts), which takes up the difference. Returns the accounts whose
 * balance changed.
 */
export function settleSystemBalances(db: SqliteDatabase): number {
  const accounts = db.prepare(`SELECT id, coalesce(balance, 0) AS planned FROM entity
    WHERE type = 'ACCOUNT' AND id < ? AND id != ? ORDER BY id`).safeIntegers(true)
    .all(FIRST_USER_ACCOUNT, TREASURY) as Array<{ id: bigint; planned: bigint }>;
  const transfers = db.prepare('SELECT amount FROM crypto_transfer WHERE entity_id = ? ORDER BY consensus_timestamp').pluck().safeIntegers(true);
  const setBalance = db.prepare('UPDATE entity SET balance = ? WHERE id = ?');
  let changed = 0;
  db.transaction(() => {
    for (const { id, planned } of accounts) {
      let total = 0n;
      let lowest = 0n;
      for (const amount of transfers.iterate(id) as Iterable<bigint>) {
        total += amount;
        if (total < lowest) lowest = total;
      }
      const genesis = planned - total >= -lowest ? planned - total : -lowest;
      if (genesis + total === planned) continue;
      setBalance.run(genesis + total, id);
      changed += 1;
    }
  })();
  return changed;
}
