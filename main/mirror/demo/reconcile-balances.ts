import type { SqliteDatabase } from '../store/ledger-store.ts';
import { FIRST_USER_ACCOUNT, TREASURY } from './system-accounts.ts';

export interface ReconcileStats {
  /** Accounts and contracts settled. */
  accounts: number;
  /** Accounts the treasury topped up at creation (to reach their planned balance, or to cover their payments). */
  toppedUp: number;
  /** Transfer rows added (the treasury's, where its creation transaction had none). */
  rowsAdded: number;
}

/** An account's transfers in time order, summed: the total, the lowest the running balance went, the last time. */
interface History {
  total: bigint;
  lowest: bigint;
  last: bigint;
}

/**
 * Makes every user account's and contract's HBAR balance the sum of its transfers, as on a real ledger, so an
 * account's history adds up to the balance its page shows, and never goes below zero on the way.
 * The generator plans a balance for each account, then writes transfers that do not know it.
 * The treasury sends, in the account's creation transaction (one more transfer in it, as a faucet
 * funds a new account), what the history leaves short of the plan or of covering every payment
 * when it is made; where the history gives more, the balance is what the history gives. Only the
 * treasury pays, so no account's funding grows with the accounts it created after. A contract holds what
 * its transfers gave it (contract-funding.ts), never topped up (since generator 27; before, contracts kept their
 * planned balances). The system accounts are settled after the staking rewards (system-balances.ts), the treasury's
 * own balance last (treasury-balance.ts).
 */
export function reconcileAccountBalances(db: SqliteDatabase): ReconcileStats {
  const histories = new Map<bigint, History>();
  // In time order along the covering (timestamp, account, amount) index: a running balance per account.
  const transfers = db.prepare(`SELECT consensus_timestamp AS at, entity_id AS account, amount FROM crypto_transfer INDEXED BY crypto_transfer__timestamp
    ORDER BY consensus_timestamp`).safeIntegers(true);
  for (const { at, account, amount } of transfers.iterate() as Iterable<{ at: bigint; account: bigint; amount: bigint }>) {
    const history = histories.get(account);
    if (!history) {
      histories.set(account, { total: amount, lowest: amount < 0n ? amount : 0n, last: at });
      continue;
    }
    history.total += amount;
    if (history.total < history.lowest) history.lowest = history.total;
    history.last = at;
  }

  const accounts = db.prepare(`SELECT id, type, balance, created_timestamp FROM entity
    WHERE type IN ('ACCOUNT', 'CONTRACT') AND id >= ? AND created_timestamp IS NOT NULL`).safeIntegers(true)
    .all(FIRST_USER_ACCOUNT) as Array<{ id: bigint; type: string; balance: bigint | null; created_timestamp: bigint }>;
  const creation = db.prepare(`SELECT t.payer_account_id AS payer, (SELECT amount FROM crypto_transfer WHERE entity_id = ? AND consensus_timestamp = t.consensus_timestamp) AS funded,
    (SELECT amount FROM crypto_transfer WHERE entity_id = ? AND consensus_timestamp = t.consensus_timestamp) AS treasury
    FROM "transaction" t WHERE t.consensus_timestamp = ?`).safeIntegers(true);
  const adjust = db.prepare('UPDATE crypto_transfer SET amount = amount + ? WHERE entity_id = ? AND consensus_timestamp = ?');
  const addTransfer = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
  const setBalance = db.prepare('UPDATE entity SET balance = ?, balance_timestamp = max(coalesce(balance_timestamp, 0), ?) WHERE id = ?');

  let toppedUp = 0;
  let rowsAdded = 0;
  db.transaction(() => {
    for (const account of accounts) {
      const history = histories.get(account.id) ?? { total: 0n, lowest: 0n, last: account.created_timestamp };
      if (account.type === 'CONTRACT') {
        setBalance.run(history.total, history.last, account.id);
        continue;
      }
      const shortOfPlan = (account.balance ?? 0n) - history.total;
      const topUp = shortOfPlan > -history.lowest ? shortOfPlan : -history.lowest;
      const created = creation.get(account.id, TREASURY, account.created_timestamp) as { payer: bigint; funded: bigint | null; treasury: bigint | null } | undefined;
      // Only where the account was funded at creation: that transaction gets the treasury's transfer.
      if (topUp > 0n && created && created.funded !== null && created.funded > 0n) {
        adjust.run(topUp, account.id, account.created_timestamp);
        if (created.treasury === null) rowsAdded += addTransfer.run(account.created_timestamp, TREASURY, -topUp, created.payer).changes;
        else adjust.run(-topUp, TREASURY, account.created_timestamp);
        history.total += topUp;
        toppedUp += 1;
      }
      setBalance.run(history.total, history.last, account.id);
    }
  })();
  return { accounts: accounts.length, toppedUp, rowsAdded };
}
