import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import type { FastifyInstance } from 'fastify';
import { withReadThrough } from '../http/read-through.ts';
import { int64ListJson } from '../format/json-out.ts';
import { parseTimestampParam } from '../query/param-values.ts';
import { registerMirrorGet, type GetHandler } from '../query/mirror-get.ts';
import { StatementCache } from '../query/statement-cache.ts';
import { getTransactionById } from './transaction-by-id.ts';
import { TRANSACTIONS_PATH, TransactionsService } from './transactions-service.ts';

/** The reference's cache lifetimes: the list changes every block, a transaction never. */
const LIST_CACHE_SECONDS = 2;
const BY_ID_CACHE_SECONDS = 600;

export function registerTransactionsRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const service = new TransactionsService(db, config);
  const statements = new StatementCache(db);
  registerMirrorGet(app, TRANSACTIONS_PATH, LIST_CACHE_SECONDS, config, (raw) => service.list(raw));
  // On a synced profile, a transaction from before the sync began is looked up upstream and stored;
  // one the sync followed is looked up once too, for the assessed fees the followed list leaves out.
  const byId: GetHandler = (raw, params) => getTransactionById(statements, params.transactionIdOrHash!, raw);
  registerMirrorGet(app, `${TRANSACTIONS_PATH}/:transactionIdOrHash`, BY_ID_CACHE_SECONDS, config,
    withReadThrough(readThrough, 'transaction', 'transactionIdOrHash', byId, (body) => !allLookedUp(statements, body)));
}

/** Whether every transaction of a by-id answer was stored from the upstream's by-id answer (migration 012). */
function allLookedUp(statements: StatementCache, body: unknown): boolean {
  const timestamps = ((body as { transactions?: Array<{ consensus_timestamp?: unknown }> }).transactions ?? [])
    .map((tx) => (typeof tx.consensus_timestamp === 'string' ? parseTimestampParam(tx.consensus_timestamp) : null));
  if (timestamps.some((ts) => ts === null)) return true;
  const missing = statements.get(`SELECT count(*) FROM "transaction" WHERE consensus_timestamp IN (SELECT value FROM json_each(?)) AND looked_up IS NULL`)
    .pluck().get(int64ListJson(timestamps as bigint[])) as number | bigint;
  return Number(missing) === 0;
}
