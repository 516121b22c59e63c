import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../../main/mirror/config.ts';
import { ResponseCache } from '../../../main/mirror/http/response-cache.ts';
import { createMirrorApi, type MirrorApi } from '../../../main/mirror/mirror-api.ts';
import { insertAccounts, tempStore } from '../../helpers/ledger-fixture.ts';

const fixture = tempStore();
let config: MirrorApiConfig = defaultMirrorApiConfig();
let api: MirrorApi;

beforeAll(() => {
  insertAccounts(fixture.store, Array.from({ length: 30 }, (_, i) => ({ num: i + 1, balance: 1000 + i })));
  api = createMirrorApi(fixture.store, () => config, true);
});
afterAll(async () => {
  await api.server.close();
  fixture.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) => api.server.inject({ method: 'GET', url, headers });

describe('mirror response cache', () => {
  it('answers a repeated GET from the cache with the same body and headers', async () => {
    const list = vi.spyOn(api.accounts, 'list');
    const first = await get('/api/v1/accounts?limit=2');
    const second = await get('/api/v1/accounts?limit=2');
    expect(list).toHaveBeenCalledTimes(1);
    expect(second.body).toBe(first.body);
    for (const name of ['etag', 'link', 'cache-control', 'content-type', 'access-control-allow-origin']) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
    const notModified = await get('/api/v1/accounts?limit=2', { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    list.mockRestore();
  });

  it('never serves a stale answer after this connection writes', async () => {
    const before = JSON.parse((await get('/api/v1/accounts?account.id=0.0.5')).body);
    fixture.store.db.prepare('UPDATE entity SET balance = 42 WHERE num = 5').run();
    const after = JSON.parse((await get('/api/v1/accounts?account.id=0.0.5')).body);
    expect(before.accounts[0].balance.balance).toBe(1004);
    expect(after.accounts[0].balance.balance).toBe(42);
  });

  it('never serves a stale answer after another connection commits (a sync or the generator)', async () => {
    await get('/api/v1/accounts?account.id=0.0.6');
    const writer = new Database(fixture.store.file);
    writer.prepare('UPDATE entity SET balance = 7 WHERE num = 6').run();
    writer.close();
    const after = JSON.parse((await get('/api/v1/accounts?account.id=0.0.6')).body);
    expect(after.accounts[0].balance.balance).toBe(7);
  });

  it('starts afresh when the settings change', async () => {
    expect(JSON.parse((await get('/api/v1/accounts')).body).accounts).toHaveLength(25);
    config = { ...config, response: { ...config.response, limit: { ...config.response.limit, default: 3 } } };
    expect(JSON.parse((await get('/api/v1/accounts')).body).accounts).toHaveLength(3);
  });

  it('keeps answers when the settings function builds a fresh but equal object per call', async () => {
    const fresh = createMirrorApi(fixture.store, defaultMirrorApiConfig, true);
    const list = vi.spyOn(fresh.accounts, 'list');
    await fresh.server.inject({ method: 'GET', url: '/api/v1/accounts?limit=3' });
    await fresh.server.inject({ method: 'GET', url: '/api/v1/accounts?limit=3' });
    expect(list).toHaveBeenCalledTimes(1);
    await fresh.server.close();
  });

  it('keeps neither errors nor refused hosts', async () => {
    const list = vi.spyOn(api.accounts, 'list');
    await get('/api/v1/accounts?limit=x');
    await get('/api/v1/accounts?limit=x');
    expect(list).toHaveBeenCalledTimes(2);
    list.mockRestore();
    await get('/api/v1/accounts?limit=4');
    const refused = await get('/api/v1/accounts?limit=4', { host: 'evil.example' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('ResponseCache', () => {
  const entry = (body: string) => ({ body, etag: `W/"${body}"`, headers: {} });

  it('drops an answer computed across a commit', () => {
    const cache = new ResponseCache(fixture.store.db);
    const stamp = cache.stamp();
    fixture.store.db.prepare('UPDATE entity SET memo = ? WHERE num = 1').run('changed');
    cache.set('/a', entry('old'), stamp);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/a', entry('new'), cache.stamp());
    expect(cache.get('/a')?.body).toBe('new');
  });

  it('evicts the least recently used answers beyond its bound and skips oversized ones', () => {
    const cache = new ResponseCache(fixture.store.db, { maxChars: 10, maxEntryChars: 6 });
    const stamp = cache.stamp();
    cache.set('/1', entry('aaaa'), stamp);
    cache.set('/2', entry('bbbb'), stamp);
    cache.get('/1');
    cache.set('/3', entry('cccc'), stamp);
    expect([cache.get('/1')?.body, cache.get('/2'), cache.get('/3')?.body]).toEqual(['aaaa', undefined, 'cccc']);
    cache.set('/4', entry('ddddddd'), stamp);
    expect(cache.get('/4')).toBeUndefined();
  });
});
