import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import type { FastifyInstance } from 'fastify';
import { withReadThrough } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
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
  // On a synced profile, a transaction from before the sync began is looked up upstream and stored.
  registerMirrorGet(app, `${TRANSACTIONS_PATH}/:transactionIdOrHash`, BY_ID_CACHE_SECONDS, config,
    withReadThrough(readThrough, 'transaction', 'transactionIdOrHash', (raw, params) => getTransactionById(statements, params.transactionIdOrHash!, raw)));
}
