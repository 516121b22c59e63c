import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { HooksService } from './hooks-service.ts';

/** No reference case pins these; they follow the other account sub-resources' one second. */
const HOOKS_CACHE_SECONDS = 1;

export function registerHooksRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new HooksService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/hooks';
  // A synced store copies no hooks: there, the upstream's answers (see relayedRoute).
  const relayed = { notHeld: 'hooks', remember: true };
  registerMirrorGet(app, path, HOOKS_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, path, (raw, params) => service.hooks(raw, params.idOrAliasOrEvmAddress!), relayed));
  registerMirrorGet(app, `${path}/:hookId/storage`, HOOKS_CACHE_SECONDS, context.config,
    relayedRoute(context.readThrough, `${path}/:hookId/storage`, (raw, params) => service.storage(raw, params.idOrAliasOrEvmAddress!, params.hookId!), relayed));
}
