import Fastify, { type FastifyInstance } from 'fastify';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../http/host-check.ts';
import { UPCOMING_STATUS } from '../../common/status-words.ts';
import { PASSTHROUGH_FEEDS, RECORD_FEEDS } from '../feed/feed-paths.ts';
import type { JsonObject } from '../feed/status-json.ts';
import type { StatusStore } from '../store/status-store.ts';
import { repeatLimitedLog } from '../../http/repeat-limited-log.ts';
import { hasBaseline } from '../store/apply-poll.ts';
import { specIncident, specMaintenance, specPage } from './record-shape.ts';
import { sendStatusError, sendStatusJson, STATUS_CLIENT_ERROR_BODY } from './status-reply.ts';
import { clientErrorListener } from '../../http/client-error.ts';
import { answerCorsPreflight } from '../../http/cors-preflight.ts';
import { answerUnexpected } from '../../http/unexpected-failure.ts';
import { isDamagedStoreError } from '../../mirror/store/sqlite-error.ts';

export interface StatusServerDeps {
  store: StatusStore;
  /** The page to show before (or without) an upstream page: legacy feeds carry none. */
  fallbackPage: () => JsonObject;
  hostCheck: boolean;
  /** Where unexpected failures are written (the app's log); each kind once in a while, not once per request. */
  log?: (line: string) => void;
  /** A request found the store damaged: its owner replaces it (the request still fails). */
  onStoreDamaged?: (error: Error) => void;
}

/** The API is read-only: these are all it answers (OPTIONS for a browser's CORS preflight). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Builds the Status API (interface C) without listening. The three specified endpoints answer
 * from the store, newest first; summary, status and components answer with the upstream's own
 * last good body (status and components cut from the summary when the upstream was not asked
 * for them separately). Every error is a JSON body with a fitting code.
 */
export function buildStatusServer(deps: StatusServerDeps): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024,
    // A path the router cannot decode (`%ZZ`) fails before any handler: it still gets this API's error body.
    frameworkErrors: (error, _request, reply) => sendStatusError(reply, error.statusCode ?? 400, error.message),
    // A request Node cannot parse (headers over 16 KiB) too, when this app listens itself.
    clientErrorHandler: clientErrorListener(STATUS_CLIENT_ERROR_BODY),
  });
  const { store } = deps;
  const page = () => specPage(store.getPage() ?? deps.fallbackPage());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return sendStatusError(reply, 403, FOREIGN_HOST_MESSAGE);
    }
    // Decided before any body is read, so a write of any size or type gets this answer (not 413 or 415).
    const path = request.url.split('?')[0]!;
    const known = Object.hasOwn(routes, decodedPath(path));
    if (!READ_METHODS.has(request.method)) {
      if (!known) return sendStatusError(reply, 404, `Not found: ${request.method} ${path}`);
      return sendStatusError(reply.header('allow', 'GET, HEAD'), 405, 'Method not allowed: the status API is read-only');
    }
    // A browser asks before a GET that sets its own headers (If-None-Match from a page's cache logic).
    if (request.method === 'OPTIONS' && known) {
      return answerCorsPreflight(request, reply.header('allow', 'GET, HEAD').header('access-control-max-age', '600'), 'GET, HEAD');
    }
  });

  // Until a first good poll the store knows nothing: an empty list would read as "no incidents".
  const polled = <T>(build: () => T): (() => T | null) => () => (hasBaseline(store) ? build() : null);
  const routes: Record<string, () => unknown> = {
    [RECORD_FEEDS.incidents]: polled(() => ({ page: page(), incidents: store.listRecords('incident').map(specIncident) })),
    [RECORD_FEEDS.unresolved]: polled(() => ({ page: page(), incidents: store.listUnresolvedIncidents().map(specIncident) })),
    [RECORD_FEEDS.upcoming]: polled(() => ({ page: page(), scheduled_maintenances: store.listRecords('maintenance', { statuses: [UPCOMING_STATUS] }).map(specMaintenance) })),
    [PASSTHROUGH_FEEDS.summary]: () => store.feedBody('summary'),
    [PASSTHROUGH_FEEDS.status]: () => store.feedBody('status') ?? cutFromSummary(store, 'status'),
    [PASSTHROUGH_FEEDS.components]: () => store.feedBody('components') ?? cutFromSummary(store, 'components'),
    [PASSTHROUGH_FEEDS.maintenances]: () => store.feedBody('maintenances'),
    [PASSTHROUGH_FEEDS.active]: () => store.feedBody('active'),
  };

  for (const [url, build] of Object.entries(routes)) {
    app.get(url, (request, reply) => {
      const body = build();
      if (body === null) return sendStatusError(reply, 503, `${url} is not available yet: no poll of the status page has succeeded, or the upstream has not provided it`);
      return sendStatusJson(request, reply, body);
    });
  }

  app.setNotFoundHandler((request, reply) => sendStatusError(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`));
  const logFailure = repeatLimitedLog(deps.log ?? ((line) => console.error(line)));
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendStatusError(reply, status, (error as Error).message);
    if (isDamagedStoreError(error)) deps.onStoreDamaged?.(error);
    const unexpected = answerUnexpected(logFailure, `status API: ${request.method} ${request.url.split('?')[0]} failed`, error);
    return sendStatusError(reply, unexpected.status, unexpected.message);
  });
  return app;
}

/** A path as the router matches it (`%73ummary.json` is summary.json); as sent when it does not decode. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** status.json and components.json are the summary's page with one of its parts. */
function cutFromSummary(store: StatusStore, part: 'status' | 'components'): JsonObject | null {
  const summary = store.feedBody('summary');
  if (!summary || summary[part] === undefined) return null;
  return { page: summary.page, [part]: summary[part] };
}
