import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { RewardsService } from './rewards-service.ts';

/** Rewards change once per staking period: the reference caches them for a minute. */
const REWARDS_CACHE_SECONDS = 60;

export function registerRewardsRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new RewardsService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/rewards';
  // A synced store copies no reward payouts: there, the upstream's answer (see relayedRoute).
  registerMirrorGet(app, path, REWARDS_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, path, (raw, params) => service.list(raw, params.idOrAliasOrEvmAddress!), { notHeld: 'staking reward payouts', remember: true }));
}
