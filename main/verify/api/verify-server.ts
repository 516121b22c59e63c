import http from 'node:http';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { clientErrorListener } from '../../http/client-error.ts';
import { closeConnectionsWithinLimit, REQUESTS_CLOSE_LIMIT_MS } from '../../http/close-connections-within-limit.ts';
import { CROSS_SITE_MESSAGE, isCrossSiteWrite, isLoopbackOrigin } from '../../http/cross-site-guard.ts';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../http/host-check.ts';
import { fastifyReceiveLimit } from '../../http/request-receive-limit.ts';
import { ChainNotReadyError, ContractChoiceError, VerifyError } from '../engine/verify-error.ts';
import { VerifyDbError } from '../store/verify-db-health.ts';
import type { VerifyService } from '../verify-service.ts';
import { registerCheckRoutes } from './check-routes.ts';
import { registerEtherscanRoute } from './etherscan-routes.ts';
import { acceptFormBodies } from './form-body.ts';
import { registerServerInfoRoutes } from './server-info-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerSourcifyRoutes } from './sourcify-routes.ts';
import { JSON_BODY_LIMIT, limitMessage, MULTIPART_LIMITS } from './upload-limits.ts';
import { registerVerifyRoutes } from './verify-routes.ts';

export interface VerifyServerDeps {
  service: VerifyService;
  hostCheck: boolean;
  log: (line: string) => void;
  /** How long requests under way may finish when the server closes; default REQUESTS_CLOSE_LIMIT_MS. */
  closeLimitMs?: number;
  /** How long a request may take to arrive whole before it is answered 408; default 60 s (request-receive-limit.ts). */
  receiveLimitMs?: number;
}

/**
 * Builds the verification API (interface B) without listening. Every error is `{error}` with a
 * fitting status: 400 bad input, 403 a foreign Host or a cross-site page changing state, 404
 * nothing there, 409 already verified, 413 a limit reached (which one, said), 502 chain or
 * explorer unreachable, 503 the local mirror's ledger not ready yet (with Retry-After while it is
 * being generated), the network profile switched during the verification, or the verification
 * database unusable (damaged, or its disk full: `VerifyDbHealth`, whose message says what to do);
 * never an unhandled 500 for anything a client sends.
 */
export function buildVerifyServer(deps: VerifyServerDeps): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    ...fastifyReceiveLimit(deps.receiveLimitMs),
    // Ids of any length reach the routes, which say what is wrong with them; a path the router
    // cannot decode (`%ZZ`) fails before any hook, and still answers `{error}`.
    routerOptions: { maxParamLength: 16_384 },
    frameworkErrors: (error, _request, reply) => sendError(reply, error, deps),
    // A request Node cannot parse (a header block over 16 KiB: a URL or cookie that long) is answered in the API's `{error}` too.
    clientErrorHandler: clientErrorListener((status, message) => ({ error: `${http.STATUS_CODES[status]}: ${message}` })),
  });
  void app.register(multipart, { limits: MULTIPART_LIMITS });
  closeConnectionsWithinLimit(app, deps.closeLimitMs ?? REQUESTS_CLOSE_LIMIT_MS);

  app.addHook('onRequest', async (request, reply) => {
    allowLoopbackOrigins(request.headers.origin, reply);
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return reply.code(403).send({ error: FOREIGN_HOST_MESSAGE });
    }
    if (isCrossSiteWrite(request.method, request.headers)) return reply.code(403).send({ error: CROSS_SITE_MESSAGE });
    if (request.method === 'OPTIONS') return reply.code(204).send();
    // Every POST stores something (a session's files, a match, a job): none goes into a file found
    // damaged, which the next start sets aside. Thrown, so that each scope answers it in its own shape.
    if (request.method === 'POST') deps.service.health.requireUndamaged();
  });

  void app.register(async (scope) => {
    acceptFormBodies(scope);
    registerServerInfoRoutes(scope, deps.service);
    registerVerifyRoutes(scope, deps.service);
    registerEtherscanRoute(scope, deps.service);
    registerSessionRoutes(scope, deps.service);
    registerCheckRoutes(scope, deps.service);
    registerSourcifyRoutes(scope, deps.service, deps.log);
    scope.options('/*', async (_request, reply) => reply.code(204).send());
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }));
  app.setErrorHandler((error, _request, reply) => sendError(reply, error, deps));
  return app;
}

function sendError(reply: FastifyReply, error: unknown, { service, log }: Pick<VerifyServerDeps, 'service' | 'log'>): FastifyReply {
  const status = (error as { statusCode?: number }).statusCode;
  const limit = limitMessage((error as { code?: string }).code);
  if (limit) return reply.code(413).send({ error: limit });
  if (!(error instanceof VerifyError) && status && status >= 400 && status < 500) {
    return reply.code(status).send({ error: (error as Error).message });
  }
  const verifyError = service.describeFailure(error);
  // A ledger being generated, or a profile switched during a verification, is a state of the app,
  // not a fault: said to the client, not logged. The database's failures are logged where they are recognised, once.
  if (verifyError instanceof ChainNotReadyError) {
    if (verifyError.retryAfterSeconds !== null) reply.header('retry-after', String(verifyError.retryAfterSeconds));
  } else if (verifyError.httpStatus >= 500 && verifyError.kind !== 'profile_changed' && !(verifyError instanceof VerifyDbError)) {
    log(`verify API: ${verifyError.message}`);
  }
  // Sourcify lists the contracts to choose from beside the error.
  const details = verifyError instanceof ContractChoiceError ? { contractsToChoose: verifyError.contractsToChoose } : {};
  return reply.code(verifyError.httpStatus).send({ error: verifyError.message, ...details });
}

/**
 * Browser pages on loopback (a local explorer, the web UI) may call the API with their cookies;
 * pages from anywhere else get no CORS grant.
 */
function allowLoopbackOrigins(origin: string | undefined, reply: FastifyReply): void {
  if (!origin || !isLoopbackOrigin(origin)) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('vary', 'origin');
}
