import type { FastifyInstance } from 'fastify';
import type { MirrorApiConfig } from '../config.ts';
import { rawQueryOf, sendMirrorJson } from '../http/mirror-reply.ts';
import { parseQueryString, type ParsedQuery } from '../http/query-string.ts';
import type { MirrorMessage } from './query-filters.ts';

/** What a GET handler decides: a body (with its next page, if any) or an error. */
export type GetOutcome =
  | {
    status: 200 | 206; body: unknown; next?: string | null; /** overrides the route's lifetime */ cacheSeconds?: number;
    /** Relayed from elsewhere as it is now (see relayedRoute): sent `no-store`, never kept by the response cache. */
    live?: true;
    /**
     * A relayed answer given from memory, the upstream being unreachable: when it was remembered
     * (ms since the epoch). Sent with an `Age` header, as an HTTP cache serving a stored response does.
     */
    rememberedAt?: number;
  }
  | { status: 400 | 404 | 429 | 502 | 503; messages: MirrorMessage[]; /** sent as Retry-After: when asking again may be answered */ retryAfterSeconds?: number };

export const NOT_FOUND: GetOutcome = { status: 404, messages: [{ message: 'Not found' }] };

/** A request refused as invalid: what validators that stand before a relay or a replay answer. */
export type BadRequest = { status: 400; messages: MirrorMessage[] };

export function badRequest(...messages: MirrorMessage[]): GetOutcome {
  return { status: 400, messages };
}

/** Synchronous for reads of the store; a read-through (see http/read-through.ts) makes one asynchronous. */
export type GetHandler = (raw: ParsedQuery, params: Record<string, string>) => GetOutcome | Promise<GetOutcome>;

/**
 * Registers a mirror GET route: parses the query as the reference does, runs the handler
 * and answers with the shared reply (weak ETag, 304, `cache-control` on success, a
 * `Link` header for the next page, the mirror error body otherwise).
 */
export function registerMirrorGet(
  app: FastifyInstance,
  path: string,
  cacheSeconds: number,
  config: () => MirrorApiConfig,
  handle: GetHandler,
): void {
  app.get(path, async (request, reply) => {
    const raw = parseQueryString(rawQueryOf(request), config().query.maxRepeatedQueryParameters);
    const outcome = await handle(raw, request.params as Record<string, string>);
    if ('messages' in outcome) {
      const retryAfter: Record<string, string> = outcome.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outcome.retryAfterSeconds) };
      return sendMirrorJson(request, reply, outcome.status, { _status: { messages: outcome.messages } }, null, retryAfter);
    }
    const headers: Record<string, string> = outcome.next ? { link: `<${outcome.next}>; rel="next"` } : {};
    if (outcome.rememberedAt !== undefined) headers.age = String(Math.max(0, Math.floor((Date.now() - outcome.rememberedAt) / 1000)));
    if (outcome.live) return sendMirrorJson(request, reply, outcome.status, outcome.body, null, { ...headers, 'cache-control': 'no-store' });
    return sendMirrorJson(request, reply, outcome.status, outcome.body, outcome.cacheSeconds ?? cacheSeconds, headers);
  });
}
