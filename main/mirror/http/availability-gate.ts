import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_JSON_PATH, OPENAPI_YAML_PATH } from '../openapi/docs-paths.ts';
import { LIVENESS_PATH, READINESS_PATH } from './health-routes.ts';
import { sendMirrorError } from './mirror-reply.ts';

/** Why the store cannot answer for the ledger now: said in a 503, with when to ask again (null: not by waiting). */
export interface MirrorUnavailable {
  message: string;
  retryAfterSeconds: number | null;
}

/** Asked on every request: null when the store can answer. */
export type MirrorAvailability = () => MirrorUnavailable | null;

/** The routes whose answer is the same whatever the store holds, and the health probes, which say themselves whether it can answer. */
const STORE_FREE_ROUTES = new Set([DOCS_PATH, OPENAPI_JSON_PATH, OPENAPI_YAML_PATH, LIVENESS_PATH, READINESS_PATH]);

/**
 * Answers 503 with the mirror's error body while `availability` says the store cannot answer (a
 * demo ledger half generated, or one whose generation failed), instead of pages that change
 * between two calls or stop part way. Registered before the response cache, so a kept answer
 * cannot slip past it; the REST port and the bridge's `mirror/get` (which injects into this
 * same app) see the same. A path no route serves still answers 404, the docs their document.
 */
export function installAvailabilityGate(app: FastifyInstance, availability: MirrorAvailability): void {
  app.addHook('onRequest', async (request, reply) => {
    if (reply.sent) return;
    const route = request.routeOptions.url;
    if (route === undefined || STORE_FREE_ROUTES.has(route)) return;
    const unavailable = availability();
    if (unavailable === null) return;
    if (unavailable.retryAfterSeconds !== null) reply.header('retry-after', String(unavailable.retryAfterSeconds));
    return sendMirrorError(request, reply, 503, unavailable.message);
  });
}
