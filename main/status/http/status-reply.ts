import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, weakEtag } from '../../http/etag.ts';
import { stringifyStatusJson } from '../feed/status-json.ts';
import type { ClientErrorBody } from '../../http/client-error.ts';

/** Sends a JSON body with a weak ETag; answers 304 when the client already has it. */
export function sendStatusJson(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const text = stringifyStatusJson(body);
  const etag = weakEtag(text);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(text);
}

/** The status API's error body: `{error: message}` (the shape interface B uses), with a fitting HTTP code. */
export function sendStatusError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ error: message }));
}

/** The same body for a request Node could not parse, which no route saw (see main/http/client-error.ts). */
export const STATUS_CLIENT_ERROR_BODY: ClientErrorBody = (_status, message) => ({ error: message });
