import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { AccountTokensService } from './account-tokens-service.ts';

/** The reference serves an account's token relationships with a one-second cache lifetime. */
const ACCOUNT_TOKENS_CACHE_SECONDS = 1;

export function registerAccountTokensRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new AccountTokensService(context.db, context.config);
  registerMirrorGet(app, '/api/v1/accounts/:idOrAliasOrEvmAddress/tokens', ACCOUNT_TOKENS_CACHE_SECONDS, context.config,
    (raw, params) => service.list(raw, params.idOrAliasOrEvmAddress!));
}
