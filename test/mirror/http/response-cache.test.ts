import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { defaultMirrorApiConfig, type MirrorApiConfig } from '../../../main/mirror/config.ts';
import { listenOnLoopback } from '../../../main/http/listen.ts';
import { DEFAULT_RESPONSE_CACHE, ResponseCache } from '../../../main/mirror/http/response-cache.ts';
import { createMirrorApi } from '../../../main/mirror/mirror-api.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

let config: MirrorApiConfig = defaultMirrorApiConfig();

const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, Array.from({ length: 30 }, (_, i) => ({ num: i + 1, balance: 1000 + i })));
}, { config: () => config });

const { get } = fixture;

describe('mirror response cache', () => {
  it('answers a repeated GET from the cache with the same body and headers', async () => {
    const list = vi.spyOn(fixture.api.accounts, 'list');
    const first = await get('/api/v1/accounts?limit=2');
    const second = await get('/api/v1/accounts?limit=2');
    const third = await get('/api/v1/accounts?limit=2');
    expect(list).toHaveBeenCalledTimes(1);
    for (const answer of [second, third]) {
      expect(answer.body).toBe(first.body);
      for (const name of ['etag', 'link', 'cache-control', 'content-type', 'access-control-allow-origin']) {
        expect(answer.headers[name]).toBe(first.headers[name]);
      }
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
    // Over a real socket: the cache reads the other connections' data version once per
    // event-loop turn, and a request sent after a commit arrives in a later turn.
    const served = createMirrorApi(fixture.store, () => config, true);
    const base = await listenOnLoopback(served.server, 0);
    const balance = async () => ((await (await fetch(`${base}/api/v1/accounts?account.id=0.0.6`)).json()) as { accounts: Array<{ balance: { balance: number } }> }).accounts[0]!.balance.balance;
    try {
      expect(await balance()).toBe(1005);
      const writer = new Database(fixture.store.file);
      writer.prepare('UPDATE entity SET balance = 7 WHERE num = 6').run();
      writer.close();
      expect(await balance()).toBe(7);
    } finally {
      await served.server.close();
    }
  });

  it('starts afresh when the settings change', async () => {
    expect(JSON.parse((await get('/api/v1/accounts')).body).accounts).toHaveLength(25);
    config = { ...config, response: { ...config.response, limit: { ...config.response.limit, default: 3 } } };
    expect(JSON.parse((await get('/api/v1/accounts')).body).accounts).toHaveLength(3);
  });

  it('keeps answers when the settings function builds a fresh but equal object per call', async () => {
    const fresh = createMirrorApi(fixture.store, defaultMirrorApiConfig, true);
    const list = vi.spyOn(fresh.accounts, 'list');
    for (let i = 0; i < 3; i++) await fresh.server.inject({ method: 'GET', url: '/api/v1/accounts?limit=3' });
    expect(list).toHaveBeenCalledTimes(1);
    await fresh.server.close();
  });

  it('keeps neither errors nor refused hosts', async () => {
    const list = vi.spyOn(fixture.api.accounts, 'list');
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
  const entry = (body: string) => ({ body: Buffer.from(body), etag: `W/"${body}"`, headers: {}, rawHeaders: [] });
  const entryAt = (cache: ResponseCache, url: string) => cache.lookup(url).entry;
  const text = (url: string, cache: ResponseCache) => entryAt(cache, url)?.body.toString();
  /** The stamp a request takes before computing its answer (a URL never kept: no side effect). */
  const stampOf = (cache: ResponseCache) => cache.lookup('').stamp;

  it('drops an answer computed across a commit', () => {
    const cache = new ResponseCache(fixture.store.db);
    const stamp = stampOf(cache);
    fixture.store.db.prepare('UPDATE entity SET memo = ? WHERE num = 1').run('changed');
    cache.set('/a', entry('old'), stamp);
    expect(entryAt(cache, '/a')).toBeUndefined();
    cache.set('/a', entry('new'), stampOf(cache));
    expect(text('/a', cache)).toBe('new');
  });

  it('evicts the least recently used answers beyond its bound and skips oversized ones', () => {
    const cache = new ResponseCache(fixture.store.db, { ...DEFAULT_RESPONSE_CACHE, maxBytes: 10, maxEntryBytes: 6 });
    const stamp = stampOf(cache);
    cache.set('/1', entry('aaaa'), stamp);
    cache.set('/2', entry('bbbb'), stamp);
    entryAt(cache, '/1');
    cache.set('/3', entry('cccc'), stamp);
    expect([text('/1', cache), entryAt(cache, '/2'), text('/3', cache)]).toEqual(['aaaa', undefined, 'cccc']);
    cache.set('/4', entry('ddddddd'), stamp);
    expect(entryAt(cache, '/4')).toBeUndefined();
  });

  it('keeps recency across many reads and replacements, counting a replaced answer once', () => {
    const cache = new ResponseCache(fixture.store.db, { ...DEFAULT_RESPONSE_CACHE, maxBytes: 12 });
    const stamp = stampOf(cache);
    const held = () => ['/1', '/2', '/3', '/4', '/5', '/6'].filter((url) => cache.lookup(url).entry !== undefined);
    for (const url of ['/1', '/2', '/3']) cache.set(url, entry('xxxx'), stamp);
    entryAt(cache, '/1');
    cache.set('/4', entry('xxxx'), stamp); // over by 4: the least recent, /2, goes
    entryAt(cache, '/3');
    cache.set('/5', entry('xxxx'), stamp); // now /1 is the least recent
    expect(cache.size).toBe(3);
    cache.set('/3', entry('xx'), stamp); // replaced: 4 + 2 + 4 bytes
    cache.set('/6', entry('xx'), stamp); // 12 bytes: nothing goes
    expect(held()).toEqual(['/3', '/4', '/5', '/6']);
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set('/1', entry('xxxx'), stampOf(cache));
    expect(held()).toEqual(['/1']);
  });

  it("sees another connection's commit from the next event-loop turn, and its own writes at once", async () => {
    const cache = new ResponseCache(fixture.store.db);
    cache.set('/b', entry('before'), stampOf(cache));
    const writer = new Database(fixture.store.file);
    writer.prepare('UPDATE entity SET memo = ? WHERE num = 2').run('foreign');
    writer.close();
    // Requests handled in this turn were received before the commit could be seen.
    expect(text('/b', cache)).toBe('before');
    await new Promise((resolve) => setImmediate(resolve));
    expect(entryAt(cache, '/b')).toBeUndefined();
    cache.set('/c', entry('before'), stampOf(cache));
    fixture.store.db.prepare('UPDATE entity SET memo = ? WHERE num = 3').run('own');
    expect(entryAt(cache, '/c')).toBeUndefined();
  });
});
