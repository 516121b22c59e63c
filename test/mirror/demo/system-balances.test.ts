import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeBalanceSnapshots } from '../../../main/mirror/demo/balance-snapshots.ts';
import { settleSystemBalances } from '../../../main/mirror/demo/system-balances.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, NANOS } from '../../../main/mirror/demo/timeline.ts';
import { settleTreasuryBalance } from '../../../main/mirror/demo/treasury-balance.ts';
import { TOTAL_SUPPLY_TINYBARS } from '../../../main/mirror/network/unreleased-supply.ts';
import type { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { insertAccounts, tempStore } from '../../helpers/ledger-fixture.ts';

// The generator plans the system accounts' balances (accounts.ts) and the snapshots are read backwards from the
// final ones, so a fixed final balance below what an account received made its early snapshots negative: 0.0.98
// ended with 12,500 HBAR while the 20,000-account demo's fees brought it more, and 240 of its snapshots were below
// zero. A ledger in small: a user paying fees to 0.0.98 and the node 0.0.3 every day for 60 days (0.0.98 takes
// 34,340 HBAR, nearly three times its plan), 0.0.800 paying it staking rewards, 0.0.4 paying 150 HBAR for a node
// update and taking 200 in fees after, with 100 planned.
const HBAR = 100_000_000n;
const PLANNED = { node3: 5_000n * HBAR, node4: 100n * HBAR, fees: 12_500n * HBAR, rewards: 150_000_000n * HBAR };
const USER = 1001;

let store: LedgerStore;
let dispose: () => void;
const balanceOf = (id: number) => store.db.prepare('SELECT balance FROM entity WHERE id = ?').safeIntegers(true).pluck().get(id) as bigint;
const transfersOf = (id: number) => store.db.prepare('SELECT sum(amount) FROM crypto_transfer WHERE entity_id = ?').safeIntegers(true).pluck().get(id) as bigint;

beforeEach(() => {
  ({ store, dispose } = tempStore());
  insertAccounts(store, [
    { num: 2, balance: 0 }, { num: 3, balance: PLANNED.node3 }, { num: 4, balance: PLANNED.node4 },
    { num: 98, balance: PLANNED.fees }, { num: 800, balance: PLANNED.rewards }, { num: USER, balance: 0 },
  ]);
  const transfer = store.db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
  const day = (n: number) => BigInt(DEMO_NOW_SECONDS - (61 - n) * DAY_SECONDS) * NANOS + 123n;
  // The treasury funds the user; each day the user pays 600 HBAR in fees (95% to 0.0.98) and is paid a reward.
  transfer.run(day(0), 2, -1_000_000n * HBAR, 2);
  transfer.run(day(0), USER, 1_000_000n * HBAR, 2);
  for (let n = 1; n <= 60; n++) {
    transfer.run(day(n), USER, -600n * HBAR + 10n * HBAR, USER);
    transfer.run(day(n), 98, 570n * HBAR, USER);
    transfer.run(day(n), 3, 30n * HBAR, USER);
    transfer.run(day(n), 800, -10n * HBAR, USER);
  }
  const update = day(30) + 7n;
  transfer.run(update, 4, -150n * HBAR, 4);
  transfer.run(update, 98, 140n * HBAR, 4);
  transfer.run(update, 3, 10n * HBAR, 4);
  transfer.run(day(40) + 7n, USER, -200n * HBAR, USER);
  transfer.run(day(40) + 7n, 4, 200n * HBAR, USER);
  store.db.prepare('UPDATE entity SET balance = ? WHERE id = ?').run(transfersOf(USER), USER);
});

afterEach(() => dispose());

describe('settling the system accounts against their transfers', () => {
  it('never has a system account below zero at a snapshot, and every snapshot adds up to the total supply', () => {
    settleSystemBalances(store.db);
    settleTreasuryBalance(store.db);
    writeBalanceSnapshots(store.db);
    const snapshots = store.db.prepare('SELECT count(DISTINCT consensus_timestamp) FROM account_balance').pluck().get() as number;
    expect(snapshots).toBeGreaterThan(60);
    expect(store.db.prepare('SELECT count(*) FROM account_balance WHERE balance < 0').pluck().get()).toBe(0);
    // Each full snapshot (the first of a month) lists every account: its balances add up to the supply.
    const sums = store.db.prepare('SELECT consensus_timestamp AS at, sum(balance) AS total, count(*) AS accounts FROM account_balance GROUP BY consensus_timestamp')
      .safeIntegers(true).all() as Array<{ at: bigint; total: bigint; accounts: bigint }>;
    const full = sums.filter((s) => s.accounts === 6n);
    expect(full.length).toBeGreaterThan(2);
    for (const { total } of full) expect(total).toBe(TOTAL_SUPPLY_TINYBARS);
  });

  it('gives an account that took in more than its plan what it took in, from nothing at genesis; the others keep their plans', () => {
    expect(settleSystemBalances(store.db)).toBe(2);
    // 0.0.98 only receives: it starts from nothing.
    expect(balanceOf(98)).toBe(transfersOf(98));
    expect(balanceOf(98)).toBe(34_340n * HBAR);
    // 0.0.4 held the 150 HBAR it paid at genesis, nothing after paying, and ends with the 200 it took in since.
    expect(balanceOf(4)).toBe(200n * HBAR);
    // Planned balances that cover every dip stay.
    expect(balanceOf(3)).toBe(PLANNED.node3);
    expect(balanceOf(800)).toBe(PLANNED.rewards);
    expect(balanceOf(USER)).toBe(transfersOf(USER));
    expect(settleSystemBalances(store.db)).toBe(0);
  });
});
