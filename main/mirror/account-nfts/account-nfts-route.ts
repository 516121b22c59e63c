import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { AccountNftsService } from './account-nfts-service.ts';

/** The reference serves an account's NFTs with a one-second cache lifetime. */
const ACCOUNT_NFTS_CACHE_SECONDS = 1;

export function registerAccountNftsRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new AccountNftsService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/nfts';
  // A synced store copies no NFTs: there, the upstream's answer (see relayedRoute).
  registerMirrorGet(app, path, ACCOUNT_NFTS_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, path, (raw, params) => service.list(raw, params.idOrAliasOrEvmAddress!), { notHeld: 'NFTs', remember: true }));
}
