import Fastify, { type FastifyInstance } from 'fastify';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../http/host-check.ts';
import { PASSTHROUGH_FEEDS, RECORD_FEEDS, RESOLVED_STATUSES, UPCOMING_STATUS } from '../feed/feed-paths.ts';
import type { JsonObject } from '../feed/status-json.ts';
import type { StatusStore } from '../store/status-store.ts';
import { isSqliteError } from '../../mirror/store/sqlite-error.ts';
import { hasBaseline } from '../store/apply-poll.ts';
import { specIncident, specMaintenance, specPage } from './record-shape.ts';
import { sendStatusError, sendStatusJson } from './status-reply.ts';

export interface StatusServerDeps {
  store: StatusStore;
  /** The page to show before (or without) an upstream page: legacy feeds carry none. */
  fallbackPage: () => JsonObject;
  hostCheck: boolean;
}

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

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
  });
  const { store } = deps;
  const page = () => specPage(store.getPage() ?? deps.fallbackPage());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (deps.hostCheck && !isLoopbackHost(request.headers.host)) {
      return sendStatusError(reply, 403, FOREIGN_HOST_MESSAGE);
    }
  });

  // Until a first good poll the store knows nothing: an empty list would read as "no incidents".
  const polled = <T>(build: () => T): (() => T | null) => () => (hasBaseline(store) ? build() : null);
  const routes: Record<string, () => unknown> = {
    [RECORD_FEEDS.incidents]: polled(() => ({ page: page(), incidents: store.listRecords('incident').map(specIncident) })),
    [RECORD_FEEDS.unresolved]: polled(() => ({ page: page(), incidents: store.listRecords('incident', { closedStatuses: RESOLVED_STATUSES }).map(specIncident) })),
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
    app.route({
      method: [...OTHER_METHODS],
      url,
      handler: (_request, reply) => sendStatusError(reply.header('allow', 'GET, HEAD'), 405, 'Method not allowed: the status API is read-only'),
    });
  }

  app.setNotFoundHandler((request, reply) => sendStatusError(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`));
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendStatusError(reply, status, (error as Error).message);
    if (isSqliteError(error)) return sendStatusError(reply, 503, 'Service unavailable');
    console.error('status API error:', error);
    return sendStatusError(reply, 500, 'Internal error');
  });
  return app;
}

/** status.json and components.json are the summary's page with one of its parts. */
function cutFromSummary(store: StatusStore, part: 'status' | 'components'): JsonObject | null {
  const summary = store.feedBody('summary');
  if (!summary || summary[part] === undefined) return null;
  return { page: summary.page, [part]: summary[part] };
}
