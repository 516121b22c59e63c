import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../../../main/mirror/accounts/accounts-service.ts';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { registerMirrorRoutes } from '../../../main/mirror/http/mirror-server.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { documentedOperations, openApiPath } from './openapi-fixture.ts';

// Every route the mirror app registers is documented, and every documented operation is a
// route: a new route without an OpenAPI entry (or a stale entry) fails here.
const fixture = tempStore();
const config = defaultMirrorApiConfig;
const app = Fastify({ logger: false });
const registered: string[] = [];
const outsideApi: string[] = [];
app.addHook('onRoute', (route) => {
  for (const method of [route.method].flat()) {
    // Fastify adds a HEAD twin to every GET by itself; the document describes the GET.
    if (method === 'HEAD') continue;
    (route.url.startsWith('/api/v1') ? registered : outsideApi).push(`${method} ${openApiPath(route.url)}`);
  }
});
registerMirrorRoutes(app, { accounts: new AccountsService(fixture.store.db, config), db: fixture.store.db, config, hostCheck: true });

afterAll(async () => {
  await app.close();
  fixture.dispose();
});

const documented = documentedOperations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);

describe('OpenAPI coverage of the mirror routes', () => {
  it('registers the routes it is expected to (the hook saw them)', () => {
    expect(registered.length).toBeGreaterThan(40);
    expect(registered).toContain('GET /api/v1/accounts/{idOrAliasOrEvmAddress}');
    expect(registered).toContain('POST /api/v1/contracts/call');
  });

  it('documents every registered route with the same method', () => {
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('has no documented operation that is not a registered route', () => {
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('serves nothing outside /api/v1 but the health probes, which the reference\'s document leaves out too', () => {
    // The reference registers them beside its API (rest/server.js, terminus), not in its OpenAPI document.
    expect(outsideApi.sort()).toEqual(['GET /health/liveness', 'GET /health/readiness']);
    expect(documented.filter((route) => !route.includes(' /api/v1'))).toEqual([]);
  });

  it('documents each route once', () => {
    expect(new Set(registered).size).toBe(registered.length);
    expect(new Set(documented).size).toBe(documented.length);
  });
});
