import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { HooksService } from './hooks-service.ts';

/** No reference case pins these; they follow the other account sub-resources' one second. */
const HOOKS_CACHE_SECONDS = 1;

export function registerHooksRoutes(app: FastifyInstance, context: MirrorRouteContext): void {
  const service = new HooksService(context.db, context.config);
  const path = '/api/v1/accounts/:idOrAliasOrEvmAddress/hooks';
  registerMirrorGet(app, path, HOOKS_CACHE_SECONDS, context.config, (raw, params) => service.hooks(raw, params.idOrAliasOrEvmAddress!));
  registerMirrorGet(app, `${path}/:hookId/storage`, HOOKS_CACHE_SECONDS, context.config,
    (raw, params) => service.storage(raw, params.idOrAliasOrEvmAddress!, params.hookId!));
}
