import type { SqliteDatabase } from '../store/ledger-store.ts';

/** User accounts start above the system range; system accounts keep the balances they were given. */
const FIRST_USER_ACCOUNT = 1001n;
/** The treasury: it tops up what an account's history leaves short (a demo network's faucet). */
const TREASURY = 2n;

export interface ReconcileStats {
  accounts: number;
  /** Accounts the treasury topped up at creation to reach their planned balance. */
  toppedUp: number;
  /** Transfer rows added (the treasury's, where its creation transaction had none). */
  rowsAdded: number;
}

/**
 * Makes every user account's HBAR balance the sum of its transfers, as on a real ledger, so an
 * account's history adds up to the balance its page shows. The generator plans a balance for
 * each account, then writes transfers that do not know it. Where the history leaves the account
 * short of its plan, the treasury sends the difference in the account's creation transaction
 * (one more transfer in it, as a faucet funds a new account); where the history gives it more,
 * the balance is what the history gives. Only the treasury pays, so no account's funding grows
 * with the accounts it created after. The treasury's own balance stays as planned (a system account).
 */
export function reconcileAccountBalances(db: SqliteDatabase): ReconcileStats {
  const sums = new Map<bigint, { total: bigint; last: bigint }>();
  const grouped = db.prepare('SELECT entity_id, sum(amount) AS total, max(consensus_timestamp) AS last FROM crypto_transfer GROUP BY entity_id').safeIntegers(true);
  for (const row of grouped.iterate() as Iterable<{ entity_id: bigint; total: bigint; last: bigint }>) sums.set(row.entity_id, { total: row.total, last: row.last });

  const accounts = db.prepare(`SELECT id, balance, created_timestamp FROM entity
    WHERE type = 'ACCOUNT' AND id >= ? AND created_timestamp IS NOT NULL`).safeIntegers(true)
    .all(FIRST_USER_ACCOUNT) as Array<{ id: bigint; balance: bigint | null; created_timestamp: bigint }>;
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
      const own = sums.get(account.id) ?? { total: 0n, last: account.created_timestamp };
      const short = (account.balance ?? 0n) - own.total;
      const created = creation.get(account.id, TREASURY, account.created_timestamp) as { payer: bigint; funded: bigint | null; treasury: bigint | null } | undefined;
      // Only where the account was funded at creation: that transaction gets the treasury's transfer.
      if (short > 0n && created && created.funded !== null && created.funded > 0n) {
        adjust.run(short, account.id, account.created_timestamp);
        if (created.treasury === null) rowsAdded += addTransfer.run(account.created_timestamp, TREASURY, -short, created.payer).changes;
        else adjust.run(-short, TREASURY, account.created_timestamp);
        own.total += short;
        toppedUp += 1;
      }
      setBalance.run(own.total, own.last, account.id);
    }
  })();
  return { accounts: accounts.length, toppedUp, rowsAdded };
}
