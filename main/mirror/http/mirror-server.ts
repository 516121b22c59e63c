import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../http/host-check.ts';
import { registerAccountsRoutes } from '../accounts/accounts-route.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { MirrorApiConfig } from '../config.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { isClosedStoreError, isDamagedStoreError } from '../store/sqlite-error.ts';
import { repeatLimitedLog } from '../../http/repeat-limited-log.ts';
import { MIRROR_ROUTE_MODULES } from './mirror-routes.ts';
import type { ReadThrough } from './read-through.ts';
import { QueryLimitError } from './query-string.ts';
import { installResponseCache } from './response-cache-hooks.ts';
import { installAvailabilityGate, type MirrorAvailability } from './availability-gate.ts';
import { registerHealthRoutes } from './health-routes.ts';
import { ResponseCache } from './response-cache.ts';
import { errorBody, sendMirrorError } from './mirror-reply.ts';
import { clientErrorListener } from '../../http/client-error.ts';
import { answerCorsPreflight } from '../../http/cors-preflight.ts';
import { answerUnexpected } from '../../http/unexpected-failure.ts';

export interface MirrorServerDeps {
  accounts: AccountsService;
  db: SqliteDatabase;
  config: () => MirrorApiConfig;
  hostCheck: boolean;
  /** Keep recent answers until the store changes (on unless a benchmark measures without). */
  responseCache?: boolean;
  /** By-id lookups of entities the store lacks go to this (a synced profile's upstream). */
  readThrough?: ReadThrough;
  /** Whether the store can answer for the ledger now (a demo ledger being generated cannot); absent: always. */
  availability?: MirrorAvailability;
  /** Where unexpected failures are written (the app's log); each kind once in a while, not once per request. */
  log?: (line: string) => void;
  /**
   * A query found the store damaged (SQLite's SQLITE_CORRUPT or SQLITE_NOTADB): the owner of the
   * store decides what becomes of it (a profile marks it to be set aside and reports it). Called
   * at every such failure; once is enough for the owner.
   */
  onStoreDamaged?: (error: Error & { code: string }) => void;
}

/** Longest request URL a log line repeats: enough to tell the route and its filters. */
const LOGGED_URL_CHARS = 200;

/** What a client reads when the store under the API is damaged: not its request's fault, nor a passing one. */
export function damagedStoreMessage(reason: string): string {
  return `The local ledger store is damaged (${reason}) and cannot answer this; restart Mirrordesk to set it aside and rebuild it`;
}

/** Every route of the mirror API and its health probes; also used on its own by the test that checks the OpenAPI document covers them. */
export function registerMirrorRoutes(app: FastifyInstance, deps: MirrorServerDeps): void {
  registerAccountsRoutes(app, deps);
  for (const register of MIRROR_ROUTE_MODULES) register(app, { db: deps.db, config: deps.config, ...(deps.readThrough ? { readThrough: deps.readThrough } : {}) });
  registerHealthRoutes(app, deps.availability);
}

/**
 * Builds the mirror REST API (interface A) without listening, so tests can `inject` and the
 * composition root decides the port. Every failure answers in the mirror's error body.
 */
export function buildMirrorServer(deps: MirrorServerDeps): FastifyInstance {
  const logFailure = repeatLimitedLog(deps.log ?? ((line) => console.error(line)));
  const failedLine = (request: FastifyRequest): string => `mirror API: ${request.method} ${request.url.slice(0, LOGGED_URL_CHARS)} failed`;
  const answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (error instanceof QueryLimitError) return sendMirrorError(request, reply, 400, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : String(error);
    if (status && status >= 400 && status < 500) return sendMirrorError(request, reply, status, message);
    if (isDamagedStoreError(error)) {
      // Logged as any SQLite failure is; the answer says more than "Service unavailable".
      answerUnexpected(logFailure, failedLine(request), error);
      deps.onStoreDamaged?.(error);
      return sendMirrorError(request, reply, 503, damagedStoreMessage(message));
    }
    // A request a network switch cut short: expected, and the switch has said so.
    if (isClosedStoreError(error)) return sendMirrorError(request, reply, 503, 'Service unavailable');
    const unexpected = answerUnexpected(logFailure, failedLine(request), error);
    return sendMirrorError(request, reply, unexpected.status, unexpected.message);
  };
  const app = Fastify({
    logger: false,
    // Queries are parsed by the routes themselves (order, case and repetition matter). Path
    // parameters of any length reach the routes, which refuse a bad one by name as the reference
    // does ("Invalid parameter: idOrAliasOrEvmAddress"), where Fastify's 100-character default
    // answered 414 in a body of its own. A trailing slash is the same route (`/api/v1/accounts/`
    // is the accounts list), as the reference's router has it.
    routerOptions: { querystringParser: () => ({}), maxParamLength: 16_384, ignoreTrailingSlash: true },
    // A path the router cannot decode (`%ZZ`) fails before any hook: it still gets the mirror's
    // error body and CORS header.
    frameworkErrors: (error, request, reply) => answerError(error, request, reply.header('access-control-allow-origin', '*')),
    // A request Node cannot parse (a header block over 16 KiB: a URL that long) gets the mirror's error body too, when this app listens itself.
    clientErrorHandler: clientErrorListener((_status, message) => errorBody(message)),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return sendMirrorError(request, reply, 403, FOREIGN_HOST_MESSAGE);
    }
    // On any path, as the reference's `cors()` middleware answers: without it a browser page cannot
    // POST JSON to /contracts/call (nor a protobuf body to /network/fees), content types a page may not send unasked.
    if (request.method === 'OPTIONS') return answerCorsPreflight(request, reply, 'GET, HEAD, POST');
  });
  if (deps.availability) installAvailabilityGate(app, deps.availability);
  if (deps.responseCache !== false) installResponseCache(app, new ResponseCache(deps.db), deps.config);

  registerMirrorRoutes(app, deps);

  app.setNotFoundHandler((request, reply) => sendMirrorError(request, reply, 404, 'Not found'));
  app.setErrorHandler(answerError);
  return app;
}
