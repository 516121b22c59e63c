import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { EVENT_NAMES, type ApiResult } from '../common/api-contract.ts';
import { closeConnectionsWithinLimit, REQUESTS_CLOSE_LIMIT_MS } from '../http/close-connections-within-limit.ts';
import { isLoopbackHost } from '../http/host-check.ts';
import { fastifyReceiveLimit } from '../http/request-receive-limit.ts';
import { stringifyJson } from '../mirror/format/json-out.ts';
import type { ApiEventBus } from '../services/event-bus.ts';
import { parseBridgeBody } from './bridge-json-body.ts';
import type { Dispatcher } from './dispatch.ts';
import { httpStatusOfResult } from './http-status-of-result.ts';
import { contentTypeOf, readStaticFile, resolveStaticFile } from './static-files.ts';

export const TOKEN_HEADER = 'x-mirrordesk-token';
export const RENDERER_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";
/** Comments on an idle event stream keep proxies and browsers from timing it out. */
const HEARTBEAT_MS = 15_000;

export interface HttpBridgeDeps {
  dispatch: Dispatcher;
  events: ApiEventBus;
  /** The per-launch secret every call must carry. */
  token: string;
  /** Folder of the built renderer. */
  rendererDir: string;
  hostCheck: boolean;
  /** How long `close()` lets calls under way finish before it cuts their connections; default 3 s. */
  closeLimitMs?: number;
  /** How long a request may take to arrive whole before it is answered 408; default 60 s (request-receive-limit.ts). */
  receiveLimitMs?: number;
}

/**
 * The web UI of `serve` mode: the built renderer plus the typed API over HTTP, so every
 * screen runs in a plain browser. Calls need the launch token; Host must be loopback.
 */
export function buildHttpBridge(deps: HttpBridgeDeps): FastifyInstance {
  // Verification uploads files and soljson compilers through the bridge (base64 in JSON); each
  // channel's validator bounds its own sizes, this only keeps a body within reach of them.
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    ...fastifyReceiveLimit(deps.receiveLimitMs),
    // A path the router cannot decode (`%ZZ`) fails before any hook: it still answers as every call does.
    frameworkErrors: (error, _request, reply) => sendResult(reply, error.statusCode ?? 400, failure('invalid-input', error.message)),
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseBridgeBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  const expected = Buffer.from(deps.token);
  /** Ends each event stream still open. */
  const openStreams = new Set<() => void>();
  const tokenOk = (candidate: unknown): boolean => {
    if (typeof candidate !== 'string') return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return sendResult(reply, 403, failure('forbidden', 'requests must address a loopback host name'));
    }
  });

  // The rest of the path is the channel, which may have more than two parts (`status/settings/get`);
  // the dispatcher accepts only channels of the contract.
  app.post<{ Params: { '*': string } }>('/bridge/call/*', {
    // Before the body is read: a caller without the token gets no parse of up to 64 MiB.
    onRequest: async (request, reply) => {
      if (!tokenOk(request.headers[TOKEN_HEADER])) return sendResult(reply, 401, failure('forbidden', 'missing or wrong bridge token'));
    },
  }, async (request, reply) => {
    const result = await deps.dispatch(request.params['*'], request.body ?? null);
    return sendResult(reply, httpStatusOfResult(result), result);
  });

  app.get<{ Querystring: { token?: string } }>('/bridge/events', (request, reply) => {
    if (!tokenOk(request.query.token)) return sendResult(reply, 401, failure('forbidden', 'missing or wrong bridge token'));
    streamEvents(request, reply, deps.events, openStreams);
  });
  // A tab keeps its event stream open for as long as it lives: closing ends the streams (the page's
  // EventSource sees the server go), and the calls under way get the limit to finish.
  app.addHook('preClose', (done) => {
    for (const end of openStreams) end();
    done();
  });
  closeConnectionsWithinLimit(app, deps.closeLimitMs ?? REQUESTS_CLOSE_LIMIT_MS);

  app.get('/*', (request, reply) => serveStatic(request, reply, deps.rendererDir));
  // Not a file of the renderer: a call by the wrong method is answered as calls are (below).
  app.get('/bridge/call/*', (request, reply) => notACall(request, reply));
  // Any other method or path (POST /bridge/events, GET /bridge/call/...): answered as every call is,
  // without echoing the URL, whose query may hold the token.
  app.setNotFoundHandler(notACall);

  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const message = error instanceof Error ? error.message : String(error);
    if (status >= 400 && status < 500) return sendResult(reply, status, failure('invalid-input', message));
    console.error('web bridge error:', error);
    return sendResult(reply, 500, failure('internal', 'internal error'));
  });
  return app;
}

function notACall(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendResult(reply, 404, failure('not-found', `no such call: ${request.method} ${request.url.split('?')[0]!.slice(0, 80)}`));
}

function streamEvents(request: FastifyRequest, reply: FastifyReply, events: ApiEventBus, openStreams: Set<() => void>): void {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
  out.write(': connected\n\n');
  const unsubscribers = EVENT_NAMES.map((name) => events.on(name, (payload) => {
    out.write(`event: ${name}\ndata: ${stringifyJson(payload)}\n\n`);
  }));
  const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), HEARTBEAT_MS);
  // The stream never ends by itself: only the client leaving or the bridge closing ends it.
  const end = (): void => {
    out.end();
  };
  openStreams.add(end);
  request.raw.on('close', () => {
    openStreams.delete(end);
    clearInterval(heartbeat);
    for (const unsubscribe of unsubscribers) unsubscribe();
  });
}

function serveStatic(request: FastifyRequest, reply: FastifyReply, root: string): FastifyReply {
  const file = resolveStaticFile(root, request.url);
  const content = file ? readStaticFile(file) : null;
  if (!file || !content) {
    return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
  }
  return reply
    .header('content-type', contentTypeOf(file))
    .header('content-security-policy', RENDERER_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-cache')
    .send(content);
}

function sendResult(reply: FastifyReply, status: number, result: ApiResult<unknown>): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(stringifyJson(result));
}

function failure(code: 'forbidden' | 'invalid-input' | 'not-found' | 'internal', message: string): ApiResult<never> {
  return { ok: false, error: { code, message, details: [] } };
}
