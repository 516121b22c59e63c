import type { FastifyInstance } from 'fastify';
import type { MirrorRouteContext } from '../http/mirror-routes.ts';
import { relayedRoute, withReadThrough } from '../http/read-through.ts';
import { registerMirrorGet } from '../query/mirror-get.ts';
import { SCHEDULES_PATH, SchedulesService } from './schedules-service.ts';

/** The list is served from cache upstream (10 s); one schedule may gain signatures any second. */
const LIST_CACHE_SECONDS = 10;
const BY_ID_CACHE_SECONDS = 1;

export function registerSchedulesRoutes(app: FastifyInstance, { db, config, readThrough }: MirrorRouteContext): void {
  const service = new SchedulesService(db, config);
  // A synced store holds the schedules it followed or read through: the list is the upstream's,
  // whole, and offline (nothing remembered) the store's own.
  registerMirrorGet(app, SCHEDULES_PATH, LIST_CACHE_SECONDS, config,
    relayedRoute(readThrough, SCHEDULES_PATH, (raw) => service.list(raw), { notHeld: 'every schedule', remember: true, storeWhenUnreachable: true }));
  // A synced store holds the schedules its followed transactions created, signed or deleted; another is read through.
  registerMirrorGet(app, `${SCHEDULES_PATH}/:scheduleId`, BY_ID_CACHE_SECONDS, config,
    withReadThrough(readThrough, 'schedule', 'scheduleId', (raw, p) => service.byId(raw, p.scheduleId!)));
}
