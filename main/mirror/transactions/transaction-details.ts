import { int64ListJson } from '../format/json-out.ts';
import { groupBy } from '../query/group-by.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import {
  TRANSACTION_COLUMNS,
  type AssessedFeeRow, type CryptoTransferRow, type StakingRewardRow, type TokenTransferRow,
  type TransactionDetails, type TransactionRow,
} from './transaction-row.ts';

/** The staking reward account: its debits mark transactions that paid rewards. */
const STAKING_REWARD_ACCOUNT = 800n;

// Timestamps travel as one JSON array, so each statement has one text whatever the page size.
const IN_TIMESTAMPS = 'consensus_timestamp IN (SELECT value FROM json_each(?))';

// The statements' texts, built once: StatementCache finds a statement by its text, and a
// string built per call would be hashed again (over its whole length) on every lookup.
const ROWS_SQL = `SELECT ${TRANSACTION_COLUMNS} FROM "transaction" t WHERE t.${IN_TIMESTAMPS} ORDER BY t.consensus_timestamp`;
/** Exported for the plan pin: the covering timestamp index answers it in order (migration 006). */
export const CRYPTO_TRANSFERS_SQL = `SELECT consensus_timestamp, entity_id, amount, is_approval FROM crypto_transfer
WHERE ${IN_TIMESTAMPS} ORDER BY consensus_timestamp, entity_id, amount`;
const TOKEN_TRANSFERS_SQL = `SELECT consensus_timestamp, token_id, account_id, amount, is_approval FROM token_transfer
WHERE ${IN_TIMESTAMPS} ORDER BY consensus_timestamp, token_id, account_id`;
const STAKING_REWARDS_SQL = `SELECT consensus_timestamp, account_id, amount FROM staking_reward_transfer WHERE ${IN_TIMESTAMPS} ORDER BY consensus_timestamp, account_id`;
const ASSESSED_FEES_SQL = `SELECT consensus_timestamp, amount, collector_account_id, effective_payer_account_ids,
payer_account_id, token_id FROM assessed_custom_fee WHERE ${IN_TIMESTAMPS} ORDER BY consensus_timestamp, collector_account_id, amount`;

/**
 * Loads the rows, transfers and rewards of the given transactions (at most one page), in
 * the reference's orders: crypto transfers by account then amount, token transfers by
 * token then account.
 */
export function loadTransactionDetails(statements: StatementCache, timestamps: bigint[], withAssessedFees: boolean): TransactionDetails {
  const list = int64ListJson(timestamps);
  const rows = statements.get(ROWS_SQL).all(list) as TransactionRow[];
  const transfers = byTimestamp(statements.get(CRYPTO_TRANSFERS_SQL).all(list) as CryptoTransferRow[]);
  const tokenTransfers = byTimestamp(statements.get(TOKEN_TRANSFERS_SQL).all(list) as TokenTransferRow[]);
  const rewarded = [...transfers].filter(([, ts]) => ts.some((t) => t.entity_id === STAKING_REWARD_ACCOUNT)).map(([ts]) => ts);
  const stakingRewards = rewarded.length === 0
    ? new Map<bigint, StakingRewardRow[]>()
    : byTimestamp(statements.get(STAKING_REWARDS_SQL).all(int64ListJson(rewarded)) as StakingRewardRow[]);
  const assessedFees = withAssessedFees ? byTimestamp(statements.get(ASSESSED_FEES_SQL).all(list) as AssessedFeeRow[]) : null;
  return { rows, transfers, tokenTransfers, stakingRewards, assessedFees };
}

/** Rows of a page's transactions by the transaction's consensus timestamp. */
function byTimestamp<T extends { consensus_timestamp: bigint }>(rows: T[]): Map<bigint, T[]> {
  return groupBy(rows, (row) => row.consensus_timestamp);
}
