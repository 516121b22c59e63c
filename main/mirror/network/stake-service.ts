import { int64 } from '../format/json-out.ts';
import { formatTimestamp, NANOS_PER_DAY } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { javaError } from '../query/java-error.ts';
import type { GetOutcome } from '../query/mirror-get.ts';
import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';

interface NetworkStakeRow {
  max_stake_rewarded: bigint | null;
  max_staking_reward_rate_per_hbar: bigint;
  max_total_reward: bigint | null;
  node_reward_fee_denominator: bigint;
  node_reward_fee_numerator: bigint;
  reserved_staking_rewards: bigint | null;
  reward_balance_threshold: bigint | null;
  stake_total: bigint;
  staking_period: bigint;
  staking_period_duration: bigint;
  staking_periods_stored: bigint;
  staking_reward_fee_denominator: bigint;
  staking_reward_fee_numerator: bigint;
  staking_reward_rate: bigint;
  staking_start_threshold: bigint;
  unreserved_staking_reward_balance: bigint | null;
}

const LATEST_STAKE_SQL = 'SELECT * FROM network_stake ORDER BY consensus_timestamp DESC LIMIT 1';

/** The reference (its Java module, the only one serving this) words a missing stake so. */
const NO_STAKE = javaError(404, 'No network stake data found');

function fraction(numerator: bigint, denominator: bigint): number {
  return denominator === 0n ? 0 : Number(numerator) / Number(denominator);
}

/** GET /api/v1/network/stake: the staking parameters of the latest staking period. */
export class StakeService {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  /** The query is not read: the Java module binds no parameter here, so any is ignored. */
  get(_raw: ParsedQuery): GetOutcome {
    const row = this.#statements.get(LATEST_STAKE_SQL).get() as NetworkStakeRow | undefined;
    if (!row) return NO_STAKE;
    // staking_period is the last nanosecond of the period before the current one.
    const from = row.staking_period + 1n;
    return {
      status: 200,
      body: {
        max_stake_rewarded: int64(row.max_stake_rewarded),
        max_staking_reward_rate_per_hbar: int64(row.max_staking_reward_rate_per_hbar),
        max_total_reward: int64(row.max_total_reward),
        node_reward_fee_fraction: fraction(row.node_reward_fee_numerator, row.node_reward_fee_denominator),
        reserved_staking_rewards: int64(row.reserved_staking_rewards),
        reward_balance_threshold: int64(row.reward_balance_threshold),
        stake_total: int64(row.stake_total),
        staking_period: { from: formatTimestamp(from), to: formatTimestamp(from + NANOS_PER_DAY) },
        staking_period_duration: int64(row.staking_period_duration),
        staking_periods_stored: int64(row.staking_periods_stored),
        staking_reward_fee_fraction: fraction(row.staking_reward_fee_numerator, row.staking_reward_fee_denominator),
        staking_reward_rate: int64(row.staking_reward_rate),
        staking_start_threshold: int64(row.staking_start_threshold),
        unreserved_staking_reward_balance: int64(row.unreserved_staking_reward_balance),
      },
    };
  }
}
