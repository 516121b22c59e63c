import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { BLOCKS_PATH, BlocksService } from './blocks-service.ts';

/**
 * The reference's lifetimes (rest/config/application.yml): the list its default, as a new block
 * closes every 2 seconds; one block 600 s, as a block once written never changes.
 */
export const BLOCK_CACHE_SECONDS = { list: 1, byHashOrNumber: 600 } as const;

export function registerBlocksRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const service = new BlocksService(db, config);
  // A synced store holds only the blocks its contract results named: the upstream's are relayed,
  // the last answer remembered for offline use.
  registerMirrorGet(app, BLOCKS_PATH, BLOCK_CACHE_SECONDS.list, config,
    relayedRoute(readThrough, BLOCKS_PATH, (raw) => service.list(raw), { notHeld: 'every block', remember: true }));
  registerMirrorGet(app, `${BLOCKS_PATH}/:hashOrNumber`, BLOCK_CACHE_SECONDS.byHashOrNumber, config,
    relayedRoute(readThrough, `${BLOCKS_PATH}/:hashOrNumber`, (raw, p) => service.byHashOrNumber(raw, p.hashOrNumber!), { notHeld: 'this block', remember: true }));
}
