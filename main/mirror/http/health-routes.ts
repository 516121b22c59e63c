import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MirrorAvailability } from './availability-gate.ts';

export const LIVENESS_PATH = '/health/liveness';
export const READINESS_PATH = '/health/readiness';

/**
 * The reference's probes (rest/server.js registers them with @godaddy/terminus): 200
 * `{"status":"ok"}` when the check passes, 503 `{"status":"error"}` when it fails. Liveness
 * passes while the process answers at all; readiness while the store can answer for the ledger
 * (`availability`: not while a demo ledger is being generated). A failed readiness check also
 * says why, as terminus reports a failed check's causes (`error` and `details`). Never cached:
 * the next probe must see the state as it is then. Outside /api/v1, as in the reference, and not
 * in its OpenAPI document, so not in this mirror's either.
 */
export function registerHealthRoutes(app: FastifyInstance, availability?: MirrorAvailability): void {
  app.get(LIVENESS_PATH, async (_request, reply) => sendProbe(reply, 200, { status: 'ok' }));
  app.get(READINESS_PATH, async (_request, reply) => {
    const unavailable = availability?.() ?? null;
    if (unavailable === null) return sendProbe(reply, 200, { status: 'ok' });
    if (unavailable.retryAfterSeconds !== null) reply.header('retry-after', String(unavailable.retryAfterSeconds));
    return sendProbe(reply, 503, { status: 'error', error: unavailable.message, details: unavailable.message });
  });
}

function sendProbe(reply: FastifyReply, status: number, body: Record<string, string>): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', 'no-store').send(JSON.stringify(body));
}
