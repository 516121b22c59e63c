import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { damagedStoreMessage } from '../../../main/mirror/http/mirror-server.ts';
import { createMirrorApi, type MirrorApi } from '../../../main/mirror/mirror-api.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

// Fastify's own logger is off: every unexpected failure of a mirror route must reach the app's log
// itself, once per kind of failure rather than once per request.

let fixture: ReturnType<typeof tempStore>;
let api: MirrorApi;
let logged: string[];
let damaged: Error[];

beforeEach(() => {
  fixture = tempStore();
  logged = [];
  damaged = [];
  api = createMirrorApi(fixture.store, defaultMirrorApiConfig, true, { log: (line) => void logged.push(line), onStoreDamaged: (error) => void damaged.push(error) });
  // Stand-ins for a route failing in each way (Fastify takes routes until the app is ready).
  api.server.get('/api/v1/test/bug', () => { throw new TypeError('cannot read properties of undefined'); });
  api.server.get('/api/v1/test/busy', () => { throw new Database.SqliteError('database is locked', 'SQLITE_BUSY'); });
  api.server.get('/api/v1/test/corrupt', () => { throw new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT_INDEX'); });
});
afterEach(async () => {
  await api.server.close();
  fixture.dispose();
});

const get = (url: string) => api.server.inject({ method: 'GET', url, headers: { host: '127.0.0.1' } });
const messageOf = (body: string): string => JSON.parse(body)._status.messages[0].message;

describe('mirror API failures', () => {
  it('logs a bug (500) with its stack, once for a flood of the same', async () => {
    for (let i = 0; i < 20; i++) expect((await get(`/api/v1/test/bug?i=${i}`)).statusCode).toBe(500);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^mirror API: GET \/api\/v1\/test\/bug\?i=0 failed: TypeError: cannot read properties of undefined\n\s+at /);
  });

  it('logs a fault of the store (503) with SQLite\'s code', async () => {
    const response = await get('/api/v1/test/busy');
    expect([response.statusCode, messageOf(response.body)]).toEqual([503, 'Service unavailable']);
    expect(logged).toEqual(['mirror API: GET /api/v1/test/busy failed: database is locked (SQLITE_BUSY)']);
    expect(damaged).toEqual([]);
  });

  it('says a damaged store is damaged, and tells its owner at each such failure', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get('/api/v1/test/corrupt');
      expect([response.statusCode, messageOf(response.body)]).toEqual([503, damagedStoreMessage('database disk image is malformed')]);
    }
    expect(damaged.map((error) => (error as Error & { code: string }).code)).toEqual(['SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_INDEX']);
    expect(logged).toEqual(['mirror API: GET /api/v1/test/corrupt failed: database disk image is malformed (SQLITE_CORRUPT_INDEX)']);
  });

  it('does not log a request a network switch cut off from its closed store', async () => {
    await api.server.ready();
    fixture.store.db.close();
    const response = await get('/api/v1/accounts');
    expect(response.statusCode).toBe(503);
    expect(logged).toEqual([]);
  });
});
