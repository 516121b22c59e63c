import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { asksPastMoment, PAST_BALANCES, relayedWhen } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { BALANCES_PATH, BalancesService } from './balances-service.ts';

/** The reference serves balances with its default one-second cache lifetime. */
const BALANCES_CACHE_SECONDS = 1;

export function registerBalancesRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new BalancesService(context.db, context.config);
  // A synced store holds no balance snapshots: a past moment is the upstream's answer.
  registerMirrorGet(app, BALANCES_PATH, BALANCES_CACHE_SECONDS, context.config,
    relayedWhen(context.readThrough, asksPastMoment, BALANCES_PATH, (raw) => service.list(raw), PAST_BALANCES));
}
