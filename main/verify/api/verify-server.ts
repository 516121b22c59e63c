import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../http/host-check.ts';
import { toVerifyError, VerifyError } from '../engine/verify-error.ts';
import { SESSION_MAX_BYTES, SessionFullError } from '../sessions/session-store.ts';
import type { VerifyService } from '../verify-service.ts';
import { registerCheckRoutes } from './check-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerVerifyRoutes } from './verify-routes.ts';

export interface VerifyServerDeps {
  service: VerifyService;
  hostCheck: boolean;
  log: (line: string) => void;
}

/** JSON bodies carry file contents as strings: room for the 50 MiB session limit plus encoding. */
const BODY_LIMIT = SESSION_MAX_BYTES + 8 * 1024 * 1024;

/**
 * Builds the verification API (interface B) without listening. Every error is `{error}` with a
 * fitting status: 400 bad input, 404 nothing there, 413 too large, 502 chain or explorer
 * unreachable; never an unhandled 500 for anything a client sends.
 */
export function buildVerifyServer(deps: VerifyServerDeps): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // Ids of any length reach the routes, which say what is wrong with them; a path the router
    // cannot decode (`%ZZ`) fails before any hook, and still answers `{error}`.
    routerOptions: { maxParamLength: 16_384 },
    frameworkErrors: (error, _request, reply) => sendError(reply, error, deps.log),
  });
  void app.register(multipart, { limits: { fileSize: SESSION_MAX_BYTES, files: 5000, fields: 50, fieldSize: 1024 * 1024 } });

  app.addHook('onRequest', async (request, reply) => {
    allowLoopbackOrigins(request.headers.origin, reply);
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return reply.code(403).send({ error: FOREIGN_HOST_MESSAGE });
    }
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });

  void app.register(async (scope) => {
    registerVerifyRoutes(scope, deps.service);
    registerSessionRoutes(scope, deps.service);
    registerCheckRoutes(scope, deps.service);
    scope.options('/*', async (_request, reply) => reply.code(204).send());
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
  app.setErrorHandler((error, _request, reply) => sendError(reply, error, deps.log));
  return app;
}

function sendError(reply: FastifyReply, error: unknown, log: (line: string) => void): FastifyReply {
  if (error instanceof SessionFullError) return reply.code(413).send({ error: error.message });
  const code = (error as { code?: string }).code;
  const status = (error as { statusCode?: number }).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || status === 413) {
    return reply.code(413).send({ error: `Request too large: uploads are limited to ${SESSION_MAX_BYTES / 1024 / 1024} MiB` });
  }
  if (!(error instanceof VerifyError) && status && status >= 400 && status < 500) {
    return reply.code(status).send({ error: (error as Error).message });
  }
  const verifyError = toVerifyError(error);
  if (verifyError.httpStatus >= 500) log(`verify API: ${verifyError.message}`);
  return reply.code(verifyError.httpStatus).send({ error: verifyError.message });
}

/**
 * Browser pages on loopback (a local explorer, the web UI) may call the API with their cookies;
 * pages from anywhere else get no CORS grant.
 */
function allowLoopbackOrigins(origin: string | undefined, reply: FastifyReply): void {
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return;
  }
  if (!isLoopbackHost(host)) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('vary', 'origin');
}
