import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { asksPastMoment, PAST_BALANCES, relayedWhen, withReadThrough } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { TransactionsService } from '../transactions/transactions-service.ts';
import { AccountByIdService } from './account-by-id-service.ts';

/** The reference's lifetime for one account: it changes with every transaction. */
const ACCOUNT_CACHE_SECONDS = 2;

export function registerAccountByIdRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const service = new AccountByIdService(db, config, new TransactionsService(db, config));
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress';
  // On a synced profile, the account as of a past moment (its balances then) is the upstream's answer.
  registerMirrorGet(app, path, ACCOUNT_CACHE_SECONDS, config,
    withReadThrough(readThrough, 'account', 'idOrAliasOrEvmAddress',
      relayedWhen(readThrough, asksPastMoment, path, (raw, params) => service.get(raw, params.idOrAliasOrEvmAddress!), PAST_BALANCES)));
}
