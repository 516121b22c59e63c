import { sqlInt } from '../format/entity-id.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import type { TimestampBounds } from '../query/timestamp-range.ts';
import type { TransactionsQuery } from './transactions-params.ts';
import type { TimestampsPlan } from './transactions-sql.ts';

/**
 * Up to this many rows, walking an index and probing each row is cheap (well under a
 * millisecond per hundred); the counts below stop here, so a probe never costs more.
 */
export const PLAN_PROBE_LIMIT = 2000;

const TYPE_COUNT_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM "transaction" INDEXED BY transaction__type_timestamp
WHERE type = ? AND consensus_timestamp >= ? AND consensus_timestamp <= ? LIMIT ${PLAN_PROBE_LIMIT})`;
const ACCOUNT_COUNT_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM crypto_transfer INDEXED BY crypto_transfer__entity_timestamp
WHERE entity_id = ? AND consensus_timestamp >= ? AND consensus_timestamp <= ? LIMIT ${PLAN_PROBE_LIMIT})`;

/**
 * Chooses how account equalities combined with transaction types find their page. Seeking the
 * accounts' histories is right unless an account is busy within the bounds and the types are
 * rare there: then the seek reads that history until it meets the type (hundreds of
 * milliseconds on a fee collector), while walking the types' rows and probing each for the
 * account reads at most PLAN_PROBE_LIMIT rows per type.
 */
export function chooseTimestampsPlan(statements: StatementCache, query: TransactionsQuery, bounds: TimestampBounds): TimestampsPlan {
  if (query.accountIds.length === 0 || query.types.length === 0) return {};
  const range = [sqlInt(bounds.lower), sqlInt(bounds.upper)];
  const count = (sql: string, key: number | bigint): number => Number((statements.get(sql).get(key, ...range) as { n: number | bigint }).n);
  const busy = query.accountIds.some((account) => count(ACCOUNT_COUNT_SQL, sqlInt(account)) >= PLAN_PROBE_LIMIT);
  if (!busy) return {};
  const rare = query.types.every((type) => count(TYPE_COUNT_SQL, type) < PLAN_PROBE_LIMIT);
  return rare ? { typeWalk: true } : {};
}
