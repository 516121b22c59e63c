import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { feeds, ids, incident, maintenance, PAGE, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

describe('status API server', () => {
  let harness: StatusHarness;
  afterEach(async () => harness.close());

  async function polled(): Promise<StatusHarness> {
    harness = await startHarness();
    harness.upstream.serve(feeds([incident('a', ['investigating', 'identified'])], [maintenance('m1')]));
    await harness.service.poller.pollNow();
    return harness;
  }

  it('serves the three specified endpoints with the page and records over real HTTP', async () => {
    await polled();
    const base = await listenOnLoopback(harness.service.server, 0);
    const response = await fetch(`${base}/api/v2/scheduled-maintenances/upcoming.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['page', 'scheduled_maintenances']);
    expect(body.scheduled_maintenances).toEqual([expect.objectContaining({ id: 'm1', scheduled_for: '2026-12-01T02:00:00.000-06:00', shortlink: null })]);
    const unresolved = (await (await fetch(`${base}/api/v2/incidents/unresolved.json`)).json()) as { page: unknown; incidents: unknown[] };
    expect(unresolved.page).toMatchObject({ id: 'pg0test', time_zone: 'America/Chicago' });
    expect(unresolved.incidents).toHaveLength(1);
  });

  it('drops an incident the upstream deleted (unlisted within its list\'s window) and keeps those that only aged out of it', async () => {
    harness = await startHarness();
    const at = (day: number) => ({ created_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000-06:00` });
    const old = incident('old', ['resolved'], at(1));
    const deleted = incident('deleted', ['investigating'], at(10));
    const kept = [incident('recent', ['resolved'], at(12)), incident('middle', ['resolved'], at(8))];
    harness.upstream.serve(feeds([kept[0]!, deleted, kept[1]!, old]));
    await harness.service.poller.pollNow();
    expect(ids((await harness.get('/api/v2/incidents.json')).json.incidents)).toEqual(['recent', 'deleted', 'middle', 'old']);
    // Later the upstream lists only its latest two: 'old' aged out of the list, 'deleted' (newer than 'middle') was deleted.
    harness.upstream.serve(feeds(kept));
    await pollAfter(harness);
    expect(ids((await harness.get('/api/v2/incidents.json')).json.incidents)).toEqual(['recent', 'middle', 'old']);
    expect(ids((await harness.get('/api/v2/incidents/unresolved.json')).json.incidents)).toEqual([]);
    // An empty list says nothing of what was deleted: the local history stays.
    harness.upstream.serve(feeds([]));
    await pollAfter(harness);
    expect(ids((await harness.get('/api/v2/incidents.json')).json.incidents)).toEqual(['recent', 'middle', 'old']);
    // A stale copy bringing the deleted one back shows it again, but raises nothing: it was seen.
    harness.upstream.serve(feeds([kept[0]!, deleted, kept[1]!]));
    await pollAfter(harness);
    expect(ids((await harness.get('/api/v2/incidents.json')).json.incidents)).toEqual(['recent', 'deleted', 'middle', 'old']);
    expect(harness.notifications).toEqual([]);
  });

  it('answers 503 on the three endpoints until a poll has succeeded, rather than an empty list that reads as all clear', async () => {
    harness = await startHarness();
    harness.upstream.serve({ '/api/v2/incidents.json': { status: 500, body: { error: 'down' } } });
    expect((await harness.service.poller.pollNow()).outcome).toBe('failed');
    for (const url of ['/api/v2/incidents.json', '/api/v2/incidents/unresolved.json', '/api/v2/scheduled-maintenances/upcoming.json']) {
      const response = await harness.service.server.inject({ url, headers: { host: 'localhost' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: `${url} is not available yet: no poll of the status page has succeeded, or the upstream has not provided it` });
    }
    harness.upstream.serve(feeds([]));
    expect((await pollAfter(harness)).outcome).toBe('ok');
    const unresolved = await harness.service.server.inject({ url: '/api/v2/incidents/unresolved.json', headers: { host: 'localhost' } });
    expect(unresolved.statusCode).toBe(200);
    expect(unresolved.json()).toMatchObject({ incidents: [] });
  });

  it('writes a fault of its store to the app\'s log, once for a flood of requests, and answers 503', async () => {
    const logged: string[] = [];
    harness = await startHarness({ log: (line) => void logged.push(line) });
    harness.service.store.feedBody = () => { throw new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'); };
    for (let i = 0; i < 10; i++) {
      const response = await harness.service.server.inject({ url: '/api/v2/summary.json', headers: { host: 'localhost' } });
      expect([response.statusCode, response.json()]).toEqual([503, { error: 'Service unavailable' }]);
    }
    // The store's replacement logs its own lines (damaged-store.test.ts); the API's failure is one line.
    expect(logged.filter((line) => line.startsWith('status API:'))).toEqual(['status API: GET /api/v2/summary.json failed: database disk image is malformed (SQLITE_CORRUPT)']);
  });

  it('lists an incident in a status word Statuspage does not use as unresolved, and gives its components the specified fields', async () => {
    harness = await startHarness();
    const rest = { id: 'c1', name: 'REST', status: 'degraded_performance', page_id: 'pg0test', custom: 7 };
    const odd = incident('odd', ['investigating', 'degraded_performance'], { components: [rest] });
    harness.upstream.serve({ ...feeds([odd, incident('done', ['investigating', 'resolved'])]), '/api/v2/incidents/unresolved.json': { page: PAGE, incidents: [odd] } });
    const outcome = await harness.service.poller.pollNow();
    expect(outcome.outcome, JSON.stringify(outcome)).toBe('ok');
    const unresolved = (await harness.service.server.inject({ url: '/api/v2/incidents/unresolved.json', headers: { host: 'localhost' } })).json() as { incidents: Array<{ id: string; components: unknown[] }> };
    expect(unresolved.incidents.map((i) => i.id)).toEqual(['odd']);
    expect(unresolved.incidents[0]!.components).toEqual([{
      id: 'c1', name: 'REST', status: 'degraded_performance', page_id: 'pg0test', custom: 7,
      description: null, group_id: null, created_at: null, updated_at: null, start_date: null, group: null, only_show_if_degraded: null, showcase: null, position: null,
    }]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await polled();
    const first = await harness.service.server.inject({ url: '/api/v2/incidents.json', headers: { host: 'localhost' } });
    const etag = first.headers.etag as string;
    const again = await harness.service.server.inject({ url: '/api/v2/incidents.json', headers: { host: 'localhost', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['GET', '/api/v2/nope.json', 'localhost', 404],
    ['GET', '/api/v1/accounts', 'localhost', 404],
    ['POST', '/api/v2/incidents.json', 'localhost', 405],
    ['DELETE', '/api/v2/incidents/unresolved.json', 'localhost', 405],
    ['TRACE', '/api/v2/summary.json', 'localhost', 405],
    ['PUT', '/api/v2/nope.json', 'localhost', 404],
    ['GET', '/api/v2/incidents.json', 'evil.example.com', 403],
    ['GET', '/api/v2/status.json', 'localhost', 503],
    // Undecodable: the router fails before any handler, and the answer keeps the API's shape.
    ['GET', '/api/v2/%ZZ.json', 'localhost', 400],
  ] as const)('%s %s (Host %s) answers %i with a JSON error', async (method, url, host, status) => {
    harness = await startHarness({ extraFeeds: [] });
    const response = await harness.service.server.inject({ method, url, headers: { host } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // `{error}` and nothing else: the API's own shape, whichever part of the server answered.
    expect(Object.keys(response.json() as object)).toEqual(['error']);
    expect(typeof (response.json() as { error: unknown }).error).toBe('string');
  });

  it('answers a write 405 whatever its body, before reading it (not 413 or 415)', async () => {
    harness = await startHarness({ extraFeeds: [] });
    for (const [type, payload] of [['application/x-www-form-urlencoded', 'a=1'], ['application/json', JSON.stringify({ big: 'x'.repeat(10_000) })]] as const) {
      const response = await harness.service.server.inject({ method: 'POST', url: '/api/v2/incidents.json', headers: { host: 'localhost', 'content-type': type }, payload });
      expect(response.statusCode, type).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('grants a browser\'s CORS preflight for a GET with headers of its own', async () => {
    harness = await startHarness({ extraFeeds: [] });
    const response = await harness.service.server.inject({
      method: 'OPTIONS', url: '/api/v2/summary.json',
      headers: { host: 'localhost', origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'if-none-match' });
    expect((await harness.service.server.inject({ method: 'OPTIONS', url: '/api/v2/nope.json', headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it('serves status.json and components.json cut from the upstream summary', async () => {
    harness = await startHarness();
    const summaryBody = { page: { id: 'p', name: 'P', url: 'u', time_zone: 'Etc/UTC', updated_at: '2026-11-20T00:00:00Z' }, status: { indicator: 'minor', description: 'Minor', extra: 1 }, components: [{ id: 'c', name: 'C', status: 'operational', custom: true }], incidents: [], scheduled_maintenances: [] };
    harness.upstream.serve({ ...feeds([]), '/api/v2/summary.json': summaryBody });
    await harness.service.poller.pollNow();
    expect((await harness.get('/api/v2/summary.json')).json).toEqual(summaryBody);
    expect((await harness.get('/api/v2/status.json')).json).toEqual({ page: summaryBody.page, status: summaryBody.status });
    expect((await harness.get('/api/v2/components.json')).json).toEqual({ page: summaryBody.page, components: summaryBody.components });
    expect(harness.service.snapshot()).toMatchObject({ indicator: { indicator: 'minor' }, components: [{ id: 'c' }] });
  });
});
