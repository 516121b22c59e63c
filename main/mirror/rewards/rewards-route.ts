import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { RewardsService } from './rewards-service.ts';

/** Rewards change once per staking period: the reference caches them for a minute. */
const REWARDS_CACHE_SECONDS = 60;

export function registerRewardsRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new RewardsService(context.db, context.config);
  registerMirrorGet(app, '/api/v1/accounts/:idOrAliasOrEvmAddress/rewards', REWARDS_CACHE_SECONDS, context.config,
    (raw, params) => service.list(raw, params.idOrAliasOrEvmAddress!));
}
