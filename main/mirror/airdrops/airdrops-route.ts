import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { AirdropsService } from './airdrops-service.ts';

/** The reference serves airdrops from its Java module, with its one-second cache lifetime. */
const AIRDROPS_CACHE_SECONDS = 1;

export function registerAirdropsRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new AirdropsService(context.db, context.config);
  // A synced store copies no airdrops: there, the upstream's answers (see relayedRoute).
  const relayed = { notHeld: 'airdrops', remember: true };
  for (const side of ['outstanding', 'pending'] as const) {
    const path = `/api/v1/accounts/:idOrAliasOrEvmAddress/airdrops/${side}`;
    registerMirrorGet(app, path, AIRDROPS_CACHE_SECONDS, context.config,
      relayedRoute(context.readThrough, path, (raw, params) => service.list(side, raw, params.idOrAliasOrEvmAddress!), relayed));
  }
}
