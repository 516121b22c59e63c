import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../../main/mirror/format/json-out.ts';
import { ed25519KeyBytes } from '../../../main/mirror/format/key.ts';
import { insertAccounts, insertTokenAssociations } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// The real routes over a real SQLite file, called through Fastify's inject (no socket).
const BIG = 9_223_372_036_854_775_000n;
const KEY = 'cd'.repeat(32);

const fixture = mirrorApiFixture(() => {
  const regular = Array.from({ length: 31 }, (_, i) => ({ num: i + 1, balance: (i % 3) * 100 })).filter((a) => a.num !== 2);
  insertAccounts(fixture.store, [
    ...regular,
    { num: 2, balance: 5, memo: 'Mirror node created synthetic treasury account' },
    { num: 40, balance: BIG, publicKey: KEY, key: ed25519KeyBytes(Buffer.from(KEY, 'hex')) },
    { num: 41, type: 'TOKEN' },
  ]);
  insertTokenAssociations(fixture.store, 40, 5000, 60);
});

const { get } = fixture;

describe('GET /api/v1/accounts', () => {
  it('pages with links.next and an RFC 5988 Link header', async () => {
    const response = await get('/api/v1/accounts?limit=2');
    const body = JSON.parse(response.body);
    expect(body.accounts.map((a: { account: string }) => a.account)).toEqual(['0.0.1', '0.0.3']);
    expect(body.links.next).toBe('/api/v1/accounts?limit=2&account.id=gt:0.0.3');
    expect(response.headers.link).toBe('</api/v1/accounts?limit=2&account.id=gt:0.0.3>; rel="next"');
    expect(response.headers['cache-control']).toBe('public, max-age=10');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('never returns the synthetic treasury account, with or without balances', async () => {
    for (const query of ['account.id=0.0.2', 'account.id=0.0.2&balance=false']) {
      const body = JSON.parse((await get(`/api/v1/accounts?${query}`)).body);
      expect(body.accounts).toEqual([]);
    }
  });

  it('keeps int64 balances exact and caps token balances at 50', async () => {
    const response = await get('/api/v1/accounts?account.id=0.0.40');
    expect(response.body).toContain(`"balance":${BIG}`);
    const body = parseJsonLossless(response.body) as { accounts: Array<{ balance: { balance: bigint; tokens: unknown[] }; key: unknown }> };
    expect(body.accounts[0]!.balance.balance).toBe(BIG);
    expect(body.accounts[0]!.balance.tokens).toHaveLength(50);
    expect(body.accounts[0]!.key).toEqual({ _type: 'ED25519', key: KEY });
  });

  it('finds accounts by public key, raw or DER-wrapped', async () => {
    for (const key of [KEY, `0x302a300506032b6570032100${KEY}`]) {
      const body = JSON.parse((await get(`/api/v1/accounts?account.publickey=${key}`)).body);
      expect(body.accounts.map((a: { account: string }) => a.account)).toEqual(['0.0.40']);
    }
  });

  it('answers 304 when If-None-Match carries the current ETag', async () => {
    const first = await get('/api/v1/accounts?limit=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    const second = await get('/api/v1/accounts?limit=3', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers 400 with the error body for a bad parameter, without cache-control', async () => {
    const response = await get('/api/v1/accounts?limit=101&foo=1');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ _status: { messages: [{ message: 'Invalid parameter: limit' }, { message: 'Unknown query parameter: foo' }] } });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers 400 when a parameter is repeated beyond the configured limit', async () => {
    const query = Array.from({ length: 101 }, () => 'account.id=gt:0.0.1').join('&');
    const response = await get(`/api/v1/accounts?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)._status.messages[0].message).toBe('Array limit exceeded. Only 100 elements allowed in an array.');
  });

  it('answers unknown routes with 404 and the same error body', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
  });

  it('takes a path with a trailing slash as the same route, as the reference router does', async () => {
    const list = JSON.parse((await get('/api/v1/accounts/?limit=2')).body);
    expect(list.accounts.map((a: { account: string }) => a.account)).toEqual(['0.0.1', '0.0.3']);
    expect(JSON.parse((await get('/api/v1/accounts/0.0.40/')).body).account).toBe('0.0.40');
    expect(JSON.parse((await get('/api/v1/accounts/0.0.40/tokens/')).body).tokens).toHaveLength(25);
  });

  it('rejects a non-loopback Host header (DNS rebinding)', async () => {
    const response = await get('/api/v1/accounts', { host: 'evil.example:47801' });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)._status.messages[0].message).toMatch(/loopback/);
  });

  it('grants a CORS preflight on any path, behind the same Host check', async () => {
    const preflight = (url: string, host = '127.0.0.1:47801') => fixture.inject({
      method: 'OPTIONS', url, headers: { host, origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-request-id' },
    });
    for (const url of ['/api/v1/contracts/call', '/api/v1/accounts?limit=1', '/api/v1/nothing-here']) {
      const response = await preflight(url);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, POST', 'access-control-allow-headers': 'content-type,x-request-id',
      });
    }
    expect((await preflight('/api/v1/contracts/call', 'evil.example:47801')).statusCode).toBe(403);
  });

  it('pages backwards with order=desc until the last page', async () => {
    let url: string | null = '/api/v1/accounts?order=desc&limit=7&balance=false';
    const seen: string[] = [];
    while (url) {
      const body = JSON.parse((await get(url)).body);
      seen.push(...body.accounts.map((a: { account: string }) => a.account));
      url = body.links.next;
    }
    expect(seen[0]).toBe('0.0.40');
    expect(seen).toHaveLength(31); // 0.0.1, 0.0.3..0.0.31 and 0.0.40; not the token, not the synthetic treasury
    expect(new Set(seen).size).toBe(seen.length);
  });
});
