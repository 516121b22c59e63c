import type { FastifyInstance } from 'fastify';
import { parseQueryString } from '../http/query-string.ts';
import { rawQueryOf, sendMirrorError, sendMirrorJson } from '../http/mirror-reply.ts';
import type { MirrorServerDeps } from '../http/mirror-server.ts';
import { ACCOUNTS_PATH } from './accounts-links.ts';

/** List endpoints are served from cache upstream and refresh less often than by-id ones. */
const ACCOUNTS_CACHE_SECONDS = 10;

export function registerAccountsRoutes(app: FastifyInstance, deps: MirrorServerDeps): void {
  app.get(ACCOUNTS_PATH, async (request, reply) => {
    const raw = parseQueryString(rawQueryOf(request), deps.config().query.maxRepeatedQueryParameters);
    const result = deps.accounts.list(raw);
    if (!result.ok) return sendMirrorError(request, reply, 400, ...result.messages);
    const next = result.body.links.next;
    const headers: Record<string, string> = next ? { link: `<${next}>; rel="next"` } : {};
    return sendMirrorJson(request, reply, 200, result.body, ACCOUNTS_CACHE_SECONDS, headers);
  });
}
