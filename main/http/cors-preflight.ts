import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser's CORS preflight, answered 204: the `methods` the API has, and whatever headers the
 * page asked to send (the APIs are public reads: nothing a page may add needs refusing). The
 * answer varies with what was asked, so a cache must not hand one page's grant to another.
 */
export function answerCorsPreflight(request: FastifyRequest, reply: FastifyReply, methods: string): FastifyReply {
  reply.header('access-control-allow-methods', methods);
  const asked = request.headers['access-control-request-headers'];
  if (typeof asked === 'string' && asked !== '') reply.header('access-control-allow-headers', asked);
  reply.header('vary', 'Access-Control-Request-Headers');
  return reply.code(204).send();
}
