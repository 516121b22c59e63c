import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MirrorErrorBody } from '../../common/mirror-types.ts';
import { etagMatches, weakEtag } from '../../http/etag.ts';
import { stringifyJson } from '../format/json-out.ts';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function errorBody(...messages: string[]): MirrorErrorBody {
  return { _status: { messages: messages.map((message) => ({ message })) } };
}

/**
 * Sends a mirror API response: exact-integer JSON, a weak ETag (304 when the client already
 * has it), and `cache-control` for successful answers only, as the reference does.
 */
export function sendMirrorJson(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: unknown,
  cacheSeconds: number | null,
  extraHeaders: Record<string, string> = {},
): FastifyReply {
  // Encoded once: the ETag, the response cache and the socket all take these bytes.
  const bytes = Buffer.from(stringifyJson(body), 'utf8');
  const etag = weakEtag(bytes);
  reply.header('content-type', JSON_CONTENT_TYPE).header('etag', etag);
  for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
  if (status >= 200 && status < 300 && cacheSeconds !== null) reply.header('cache-control', `public, max-age=${cacheSeconds}`);
  if (status === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(status).send(bytes);
}

export function sendMirrorError(request: FastifyRequest, reply: FastifyReply, status: number, ...messages: string[]): FastifyReply {
  return sendMirrorJson(request, reply, status, errorBody(...messages), null);
}

/** The query string exactly as the client sent it, without the leading `?`. */
export function rawQueryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index + 1);
}
