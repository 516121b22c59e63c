import type { SqliteDatabase } from '../store/ledger-store.ts';
import { DAY_SECONDS, NANOS } from './timeline.ts';
import { rewardForPeriods, STAKING_REWARD_ACCOUNT } from './stakes.ts';
import { RESULT } from './transaction-log.ts';

export interface StakingRewardStats {
  stakers: number;
  payouts: number;
  /** Rows added: 0.0.800's transfers, staking_reward_transfer rows, and the stakers' earlier versions in entity_history. */
  rowsAdded: number;
}

interface Payout {
  at: bigint;
  payer: bigint;
  amount: number;
  /** The staker's stake_period_start from this payout on: the last period it was paid for. */
  paidThrough: number;
}

const DAY_NANOS = BigInt(DAY_SECONDS) * NANOS;

/**
 * Pays every node staker that has not declined rewards its pending reward as HIP-406 does: in any
 * successful transaction that changes its HBAR balance (its own or one that only credits it),
 * once a whole staking period (a UTC day) has closed since its stake began or it was last paid.
 * The reward covers those closed periods, at its node's daily rate on its planned balance (the
 * settled one is known only once the rewards are in). The payout is a transfer from 0.0.800 to the
 * staker inside that transaction, with its staking_reward_transfer row, and, as the reference's
 * importer records it, a new version of the staker with stake_period_start the period before.
 *
 * A pass over the written transfers rather than a step in each writer: an account's balance is
 * touched by many of them (its own history, later accounts' transfers to it, contract calls, topic
 * fees, airdrops, resales, batches), so only the finished transfer table sees every change in time
 * order. It runs after the indexes are rebuilt (each staker's transfers are read through the
 * account/timestamp index) and before the balances are settled (reconcile-balances.ts), so the
 * rewards are part of the history each balance adds up to; that settlement only touches creation
 * transactions, which precede any stake.
 */
export function payStakingRewards(db: SqliteDatabase): StakingRewardStats {
  const stakers = db.prepare(`SELECT id, balance, staked_node_id AS node, stake_period_start AS periodStart, timestamp_range_lower AS since FROM entity
    WHERE staked_node_id >= 0 AND decline_reward = 0 AND stake_period_start >= 0 AND deleted = 0 ORDER BY id`).safeIntegers(true)
    .all() as Array<{ id: bigint; balance: bigint | null; node: bigint; periodStart: bigint; since: bigint }>;
  const changes = db.prepare(`SELECT ct.consensus_timestamp AS at, t.payer_account_id AS payer
    FROM crypto_transfer ct JOIN "transaction" t ON t.consensus_timestamp = ct.consensus_timestamp
    WHERE ct.entity_id = ? AND ct.consensus_timestamp > ? AND t.result = ? ORDER BY ct.consensus_timestamp`).safeIntegers(true);
  const credit = db.prepare('UPDATE crypto_transfer SET amount = amount + ? WHERE entity_id = ? AND consensus_timestamp = ?');
  const addTransfer = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
  const addReward = db.prepare('INSERT INTO staking_reward_transfer (account_id, amount, consensus_timestamp, payer_account_id) VALUES (?, ?, ?, ?)');
  const versions = new StakerVersions(db);

  let paidStakers = 0;
  let payouts = 0;
  let rowsAdded = 0;
  db.transaction(() => {
    for (const staker of stakers) {
      const paid = payoutsOf(Number(staker.balance ?? 0n), Number(staker.node), Number(staker.periodStart), changes.all(staker.id, staker.since, RESULT.SUCCESS) as Array<{ at: bigint; payer: bigint }>);
      if (paid.length === 0) continue;
      for (const payout of paid) {
        credit.run(payout.amount, staker.id, payout.at);
        // One amount per account in a record: a transaction paying several stakers has one 0.0.800 transfer.
        if (credit.run(-payout.amount, STAKING_REWARD_ACCOUNT, payout.at).changes === 0) rowsAdded += addTransfer.run(payout.at, STAKING_REWARD_ACCOUNT, -payout.amount, payout.payer).changes;
        rowsAdded += addReward.run(staker.id, payout.amount, payout.at, payout.payer).changes;
      }
      rowsAdded += versions.record(staker, paid);
      paidStakers += 1;
      payouts += paid.length;
    }
  })();
  return { stakers: paidStakers, payouts, rowsAdded };
}

/**
 * The payouts among a staker's balance changes (in time order): the first change in a period at
 * least two after the last one paid for, i.e. once a whole period has closed since.
 */
function payoutsOf(balance: number, node: number, periodStart: number, changes: ReadonlyArray<{ at: bigint; payer: bigint }>): Payout[] {
  const payouts: Payout[] = [];
  let paidThrough = periodStart;
  // One row per account and transaction (writeTransaction merges an account's amounts): one change each.
  for (const { at, payer } of changes) {
    const closed = Number(at / DAY_NANOS) - 1;
    if (closed <= paidThrough) continue;
    const amount = rewardForPeriods(balance, node, closed - paidThrough);
    // A stake under one HBAR earns nothing: no payout, as the network records none.
    if (amount === 0) return payouts;
    payouts.push({ at, payer, amount, paidThrough: closed });
    paidThrough = closed;
  }
  return payouts;
}

/**
 * A staker's versions as the reference's importer keeps them: each payout moves stake_period_start
 * to the period before it and starts a new version, so the current row is as of the last payout
 * and entity_history holds the one before each (from the stake's start, or the payout before).
 */
class StakerVersions {
  readonly #copy;
  readonly #update;

  constructor(db: SqliteDatabase) {
    const columns = (db.prepare('PRAGMA table_info(entity_history)').all() as Array<{ name: string }>).map((c) => c.name);
    const overridden = new Set(['stake_period_start', 'timestamp_range_lower', 'timestamp_range_upper']);
    const copied = columns.filter((name) => !overridden.has(name));
    this.#copy = db.prepare(`INSERT INTO entity_history (${copied.join(', ')}, stake_period_start, timestamp_range_lower, timestamp_range_upper)
      SELECT ${copied.join(', ')}, ?, ?, ? FROM entity WHERE id = ?`);
    this.#update = db.prepare('UPDATE entity SET stake_period_start = ?, timestamp_range_lower = ? WHERE id = ?');
  }

  /** Writes the versions before each payout and moves the current row to the last one; returns the rows added. */
  record(staker: { id: bigint; periodStart: bigint; since: bigint }, payouts: readonly Payout[]): number {
    let rows = 0;
    let from = staker.since;
    let periodStart = Number(staker.periodStart);
    for (const payout of payouts) {
      rows += this.#copy.run(periodStart, from, payout.at, staker.id).changes;
      from = payout.at;
      periodStart = payout.paidThrough;
    }
    this.#update.run(periodStart, from, staker.id);
    return rows;
  }
}
