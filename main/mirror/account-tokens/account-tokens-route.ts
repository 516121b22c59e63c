import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { AccountTokensService } from './account-tokens-service.ts';

/** The reference serves an account's token relationships with a one-second cache lifetime. */
const ACCOUNT_TOKENS_CACHE_SECONDS = 1;

export function registerAccountTokensRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new AccountTokensService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/tokens';
  // A synced store holds the balances but not when each association was made or its freeze and KYC
  // status: there, the upstream's answer; offline with nothing remembered, the store's own.
  registerMirrorGet(app, path, ACCOUNT_TOKENS_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, path, (raw, params) => service.list(raw, params.idOrAliasOrEvmAddress!),
      { notHeld: 'token relationships', remember: true, storeWhenUnreachable: true }));
}
