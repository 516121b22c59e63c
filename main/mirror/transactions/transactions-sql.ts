import { sqlInt } from '../format/entity-id.ts';
import { SUCCESS_RESULTS } from '../format/transaction-result.ts';
import type { Filter } from '../http/filter-operator.ts';
import { addComparisons } from '../query/sql-comparisons.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import type { TimestampBounds } from '../query/timestamp-range.ts';
import type { TransactionsQuery } from './transactions-params.ts';

export type SqlValue = number | bigint | string;

/** Which way the page is found; pinned per filter kind by the query-plan tests. */
export type TransactionsDriver = 'timestamp' | 'account-seek' | 'transfer-exists';

export function transactionsDriver(query: TransactionsQuery): TransactionsDriver {
  if (query.accountIds.length > 0) return 'account-seek';
  if (query.accountFilters.length > 0 || query.creditType !== null) return 'transfer-exists';
  return 'timestamp';
}

const SUCCESS_LIST = SUCCESS_RESULTS.join(', ');

/** Conditions on the transaction row itself: time range, type, result. */
function transactionConditions(query: TransactionsQuery, bounds: TimestampBounds, column: string, params: SqlValue[]): string[] {
  const where = [`${column} >= ?`, `${column} <= ?`];
  params.push(sqlInt(bounds.lower), sqlInt(bounds.upper));
  for (const excluded of bounds.excluded) {
    where.push(`${column} != ?`);
    params.push(sqlInt(excluded));
  }
  if (query.types.length > 0) {
    where.push(`t.type IN (${query.types.map(() => '?').join(', ')})`);
    params.push(...query.types);
  }
  // Literal lists, so that the partial index on failures matches the fail condition.
  if (query.result === 'success') where.push(`t.result IN (${SUCCESS_LIST})`);
  if (query.result === 'fail') where.push(`t.result NOT IN (${SUCCESS_LIST})`);
  return where;
}

/** The account comparisons on one column, as conditions to place among others. */
function comparisons(column: string, filters: Filter<bigint>[], params: SqlValue[]): string[] {
  const where: string[] = [];
  addComparisons(where, params, column, filters, sqlInt);
  return where;
}

/** The transfer amount condition of `type=credit` or `type=debit`, else null. */
function amountSign(query: TransactionsQuery): '> 0' | '< 0' | null {
  return query.creditType === null ? null : query.creditType === 'credit' ? '> 0' : '< 0';
}

/** One page of the union of limited seeks (each yielding `ts`), in the page's order. */
function unionPage(seeks: string[], direction: string, params: SqlValue[], limit: number): SqlStatement {
  params.push(limit);
  const union = seeks.map((seek) => `SELECT ts FROM (${seek})`).join('\nUNION\n');
  return { sql: `SELECT ts AS consensus_timestamp FROM (${union}) ORDER BY ts ${direction} LIMIT ?`, params };
}

/** A user-submitted transaction, not a synthetic child attached to one (reference rule). */
const NOT_SYNTHETIC = '(t.nonce = 0 OR t.parent_consensus_timestamp IS NOT NULL)';

/**
 * The page's consensus timestamps. Three shapes:
 * - no account or credit filter: walk the transactions in time order (the rowid, or the
 *   failures index for result=fail); with transaction types, one limited seek of the
 *   (type, timestamp) index per type, merged;
 * - account equalities: for each account, seek its payer, crypto, token and NFT transfer
 *   indexes in time order (each limited to one page), and merge;
 * - other account comparisons or credit/debit only: walk transactions in time order and
 *   keep those with a matching transfer (an indexed lookup per transaction).
 */
export interface TimestampsPlan {
  /**
   * For account equalities with transaction types: walk the types' index and probe each
   * transaction for the account, instead of seeking the account's history. The service sets it
   * when a bounded count shows the types are rare within the bounds and the account is not
   * (see transactions-plan-probe.ts); the default seek reads the whole history of a busy account
   * before it finds a type that account rarely has.
   */
  typeWalk?: boolean;
}

export function transactionTimestampsSql(query: TransactionsQuery, bounds: TimestampBounds, plan: TimestampsPlan = {}): SqlStatement {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const params: SqlValue[] = [];
  const driver = transactionsDriver(query);
  if (driver === 'account-seek' && plan.typeWalk && query.types.length > 0) {
    return typeSeekSql(query, bounds, direction, (seekParams) => accountParticipation(query, seekParams));
  }
  if (driver === 'account-seek') return accountSeekSql(query, bounds, direction);

  if (driver === 'timestamp' && query.types.length > 0) return typeSeekSql(query, bounds, direction);
  const where = transactionConditions(query, bounds, 't.consensus_timestamp', params);
  if (driver === 'transfer-exists') where.push(transferExists(query, params));
  const hint = query.result === 'fail' && driver === 'timestamp' ? ' INDEXED BY transaction__failed' : '';
  params.push(query.limit);
  return {
    sql: `SELECT t.consensus_timestamp AS consensus_timestamp FROM "transaction" t${hint}
WHERE ${where.join(' AND ')}
ORDER BY t.consensus_timestamp ${direction} LIMIT ?`,
    params,
  };
}

function transferExists(query: TransactionsQuery, params: SqlValue[]): string {
  const credit = amountSign(query);
  const branches: string[] = [];
  if (credit === null) {
    branches.push(`(${[...comparisons('t.payer_account_id', query.accountFilters, params), NOT_SYNTHETIC].join(' AND ')})`);
  }
  for (const [table, column] of [['crypto_transfer', 'entity_id'], ['token_transfer', 'account_id']] as const) {
    const conditions = [`x.consensus_timestamp = t.consensus_timestamp`, ...comparisons(`x.${column}`, query.accountFilters, params)];
    if (credit) conditions.push(`x.amount ${credit}`);
    branches.push(`EXISTS (SELECT 1 FROM ${table} x WHERE ${conditions.join(' AND ')})`);
  }
  if (credit === null) {
    const sender = comparisons('x.sender_account_id', query.accountFilters, params);
    const receiver = comparisons('x.receiver_account_id', query.accountFilters, params);
    branches.push(`EXISTS (SELECT 1 FROM nft_transfer x WHERE x.consensus_timestamp = t.consensus_timestamp AND ((${sender.join(' AND ')}) OR (${receiver.join(' AND ')})))`);
  }
  return `(${branches.join(' OR ')})`;
}

/** One limited, index-ordered seek per (account, source); the union is cut to one page. */
function accountSeekSql(query: TransactionsQuery, bounds: TimestampBounds, direction: string): SqlStatement {
  const params: SqlValue[] = [];
  const seeks: string[] = [];
  const credit = amountSign(query);
  const needsTransaction = query.types.length > 0 || query.result !== null;
  for (const account of query.accountIds) {
    if (credit === null) {
      const where = ['t.payer_account_id = ?'];
      params.push(sqlInt(account));
      where.push(...comparisons('t.payer_account_id', query.accountFilters, params), NOT_SYNTHETIC);
      where.push(...transactionConditions(query, bounds, 't.consensus_timestamp', params));
      params.push(query.limit);
      seeks.push(`SELECT t.consensus_timestamp AS ts FROM "transaction" t INDEXED BY transaction__payer_timestamp
  WHERE ${where.join(' AND ')} ORDER BY t.consensus_timestamp ${direction} LIMIT ?`);
    }
    const sources: Array<[string, string, string | null]> = [
      ['crypto_transfer', 'entity_id', credit],
      ['token_transfer', 'account_id', credit],
    ];
    if (credit === null) sources.push(['nft_transfer', 'sender_account_id', null], ['nft_transfer', 'receiver_account_id', null]);
    for (const [table, column, amount] of sources) {
      const where = [`x.${column} = ?`];
      params.push(sqlInt(account));
      where.push(...comparisons(`x.${column}`, query.accountFilters, params));
      if (amount) where.push(`x.amount ${amount}`);
      // Type and result conditions name `t`, joined only when there are any.
      const join = needsTransaction ? ` JOIN "transaction" t ON t.consensus_timestamp = x.consensus_timestamp` : '';
      where.push(...transactionConditions(query, bounds, 'x.consensus_timestamp', params));
      params.push(query.limit);
      seeks.push(`SELECT DISTINCT x.consensus_timestamp AS ts FROM ${table} x${join}
  WHERE ${where.join(' AND ')} ORDER BY x.consensus_timestamp ${direction} LIMIT ?`);
    }
  }
  return unionPage(seeks, direction, params, query.limit);
}

/**
 * Per transaction type, one page from the (type, timestamp) index; the union is cut to one page.
 * `extra` adds a condition on each transaction row (binding its own parameters in place).
 */
function typeSeekSql(query: TransactionsQuery, bounds: TimestampBounds, direction: string, extra?: (params: SqlValue[]) => string): SqlStatement {
  const params: SqlValue[] = [];
  const seeks = query.types.map((type) => {
    params.push(type);
    const where = ['t.type = ?', ...transactionConditions({ ...query, types: [] }, bounds, 't.consensus_timestamp', params)];
    if (extra) where.push(extra(params));
    params.push(query.limit);
    return `SELECT t.consensus_timestamp AS ts FROM "transaction" t INDEXED BY transaction__type_timestamp
  WHERE ${where.join(' AND ')} ORDER BY t.consensus_timestamp ${direction} LIMIT ?`;
  });
  return unionPage(seeks, direction, params, query.limit);
}

/**
 * The account equalities as one condition on a transaction row `t`, with the rules of
 * accountSeekSql's seeks (payer unless synthetic, crypto and token transfers with the credit
 * or debit sign, NFT sender or receiver), each an indexed probe by consensus timestamp.
 */
function accountParticipation(query: TransactionsQuery, params: SqlValue[]): string {
  const credit = amountSign(query);
  const branches: string[] = [];
  const probe = (table: string, column: string, account: bigint, amount: string | null): string => {
    const where = ['x.consensus_timestamp = t.consensus_timestamp', `x.${column} = ?`];
    params.push(sqlInt(account));
    where.push(...comparisons(`x.${column}`, query.accountFilters, params));
    if (amount) where.push(`x.amount ${amount}`);
    return `EXISTS (SELECT 1 FROM ${table} x WHERE ${where.join(' AND ')})`;
  };
  for (const account of query.accountIds) {
    if (credit === null) {
      params.push(sqlInt(account));
      branches.push(`(${['t.payer_account_id = ?', ...comparisons('t.payer_account_id', query.accountFilters, params), NOT_SYNTHETIC].join(' AND ')})`);
    }
    branches.push(probe('crypto_transfer', 'entity_id', account, credit), probe('token_transfer', 'account_id', account, credit));
    if (credit === null) branches.push(probe('nft_transfer', 'sender_account_id', account, null), probe('nft_transfer', 'receiver_account_id', account, null));
  }
  return `(${branches.join(' OR ')})`;
}
