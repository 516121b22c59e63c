import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { AllowancesService } from './allowances-service.ts';
import { NftAllowancesService } from './nft-allowances-service.ts';

/** The reference serves allowances with a one-second cache lifetime. */
const ALLOWANCES_CACHE_SECONDS = 1;

export function registerAllowancesRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new AllowancesService(context.db, context.config);
  const nfts = new NftAllowancesService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/allowances';
  // A synced store copies no allowances: there, the upstream's answers (see relayedRoute).
  const relayed = { notHeld: 'allowances', remember: true };
  registerMirrorGet(app, `${path}/crypto`, ALLOWANCES_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, `${path}/crypto`, (raw, params) => service.crypto(raw, params.idOrAliasOrEvmAddress!), relayed));
  registerMirrorGet(app, `${path}/tokens`, ALLOWANCES_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, `${path}/tokens`, (raw, params) => service.tokens(raw, params.idOrAliasOrEvmAddress!), relayed));
  registerMirrorGet(app, `${path}/nfts`, ALLOWANCES_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, `${path}/nfts`, (raw, params) => nfts.list(raw, params.idOrAliasOrEvmAddress!), relayed));
}
