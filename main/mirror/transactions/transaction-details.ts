import { groupBy } from '../query/group-by.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import { boundTimestamps, timestampsSql, type TimestampsSql } from '../query/timestamps-sql.ts';
import {
  TRANSACTION_COLUMNS,
  type AssessedFeeRow, type CryptoTransferRow, type StakingRewardRow, type TokenTransferRow,
  type TransactionDetails, type TransactionRow,
} from './transaction-row.ts';

/** The staking reward account: its debits mark transactions that paid rewards. */
const STAKING_REWARD_ACCOUNT = 800n;

// The statements' texts, built once: StatementCache finds a statement by its text, and a
// string built per call would be hashed again (over its whole length) on every lookup.
const ROWS_SQL = timestampsSql((where) => `SELECT ${TRANSACTION_COLUMNS} FROM "transaction" t WHERE t.${where} ORDER BY t.consensus_timestamp`);
/** Exported for the plan pin: the covering timestamp index answers it in order (migration 006). */
export const CRYPTO_TRANSFERS_SQL = timestampsSql((where) => `SELECT consensus_timestamp, entity_id, amount, is_approval FROM crypto_transfer
WHERE ${where} ORDER BY consensus_timestamp, entity_id, amount`);
const TOKEN_TRANSFERS_SQL = timestampsSql((where) => `SELECT consensus_timestamp, token_id, account_id, amount, is_approval FROM token_transfer
WHERE ${where} ORDER BY consensus_timestamp, token_id, account_id`);
const STAKING_REWARDS_SQL = timestampsSql((where) => `SELECT consensus_timestamp, account_id, amount FROM staking_reward_transfer WHERE ${where} ORDER BY consensus_timestamp, account_id`);
const ASSESSED_FEES_SQL = timestampsSql((where) => `SELECT consensus_timestamp, amount, collector_account_id, effective_payer_account_ids,
payer_account_id, token_id FROM assessed_custom_fee WHERE ${where} ORDER BY consensus_timestamp, collector_account_id, amount`);

/**
 * Loads the rows, transfers and rewards of the given transactions (at most one page), in
 * the reference's orders: crypto transfers by account then amount, token transfers by
 * token then account.
 */
export function loadTransactionDetails(statements: StatementCache, timestamps: readonly bigint[], withAssessedFees: boolean): TransactionDetails {
  const all = <T>(sql: TimestampsSql, of: readonly bigint[]): T[] => {
    const [text, param] = boundTimestamps(sql, of);
    return statements.get(text).all(param) as T[];
  };
  const rows = all<TransactionRow>(ROWS_SQL, timestamps);
  const transfers = byTimestamp(all<CryptoTransferRow>(CRYPTO_TRANSFERS_SQL, timestamps));
  const tokenTransfers = byTimestamp(all<TokenTransferRow>(TOKEN_TRANSFERS_SQL, timestamps));
  const rewarded = [...transfers].filter(([, ts]) => ts.some((t) => t.entity_id === STAKING_REWARD_ACCOUNT)).map(([ts]) => ts);
  const stakingRewards = rewarded.length === 0 ? new Map<bigint, StakingRewardRow[]>() : byTimestamp(all<StakingRewardRow>(STAKING_REWARDS_SQL, rewarded));
  const assessedFees = withAssessedFees ? byTimestamp(all<AssessedFeeRow>(ASSESSED_FEES_SQL, timestamps)) : null;
  return { rows, transfers, tokenTransfers, stakingRewards, assessedFees };
}

/** Rows of a page's transactions by the transaction's consensus timestamp. */
function byTimestamp<T extends { consensus_timestamp: bigint }>(rows: T[]): Map<bigint, T[]> {
  return groupBy(rows, (row) => row.consensus_timestamp);
}
