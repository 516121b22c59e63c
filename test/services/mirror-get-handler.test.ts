import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../main/bridge/api-error.ts';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import type { ReadThrough } from '../../main/mirror/http/read-through.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { createMirrorGetHandler, MirrorFailure } from '../../main/services/mirror-get-handler.ts';
import { insertContract, insertLog, insertResult, insertSlot } from '../helpers/contract-fixture.ts';
import { insertAccounts, tempStore } from '../helpers/ledger-fixture.ts';
import { insertHolding, insertNft, insertToken } from '../helpers/token-fixture.ts';
import { generateTransactions, insertTransactions } from '../helpers/transaction-fixture.ts';

// A real store with accounts, transactions, tokens, NFTs and a contract; the handler is compared
// with the same mirror app listening on a loopback port and asked over real HTTP.
const fixture = tempStore();
insertAccounts(fixture.store, Array.from({ length: 30 }, (_, i) => ({ num: 1000 + i, balance: i * 1000 })));
insertTransactions(fixture.store, generateTransactions(40));
insertToken(fixture.store, 5000);
insertToken(fixture.store, 6000, { type: 'NON_FUNGIBLE_UNIQUE', decimals: 0, initial_supply: 0 });
insertHolding(fixture.store, 1001, 5000, 77);
insertNft(fixture.store, 6000, 1, 1002);
insertContract(fixture.store, { num: 7000, runtime: '60005460005260206000f3', evmAddress: 'ab'.repeat(20) });
insertSlot(fixture.store, 7000, 0n, 42n);
insertResult(fixture.store, { timestamp: 1_700_000_000, contractNum: 7000 });
insertLog(fixture.store, 1_700_000_000, 0, 7000, '11'.repeat(32));

const mirror = createMirrorApi(fixture.store, defaultMirrorApiConfig, true);
const handler = createMirrorGetHandler((use) => use(mirror));
let baseUrl = '';
beforeAll(async () => { baseUrl = await listenOnLoopback(mirror.server, 0); });
afterAll(async () => { await mirror.server.close(); fixture.dispose(); });

async function overHttp(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, body: parseJsonLossless(await response.text()) };
}

describe('mirror/get handler', () => {
  const firstTransactionId = async (): Promise<string> => {
    const page = (await overHttp('/api/v1/transactions?limit=1&order=asc')).body as { transactions: Array<{ transaction_id: string }> };
    return page.transactions[0]!.transaction_id;
  };

  it.each([
    '/api/v1/accounts?limit=5',
    '/api/v1/accounts/0.0.1001',
    '/api/v1/accounts/0.0.1001/tokens',
    '/api/v1/accounts/0.0.1002/nfts',
    '/api/v1/balances?account.id=0.0.1001',
    '/api/v1/transactions?limit=3&order=asc',
    '/api/v1/transactions?transactiontype=CRYPTOTRANSFER&result=success&limit=2',
    '/api/v1/tokens/0.0.5000',
    '/api/v1/tokens/0.0.5000/balances',
    '/api/v1/tokens/0.0.6000/nfts',
    '/api/v1/contracts/0.0.7000',
    `/api/v1/contracts/0x${'ab'.repeat(20)}`,
    '/api/v1/contracts/0.0.7000/results',
    '/api/v1/contracts/0.0.7000/results/logs',
    '/api/v1/contracts/0.0.7000/state',
    '/api/v1/schedules?limit=2',
  ])('answers %s exactly as the REST port does', async (path) => {
    const http = await overHttp(path);
    expect(http.status).toBe(200);
    expect(await handler({ path })).toEqual(http);
  });

  it('answers a transaction by id, and follows a links.next path to the same next page', async () => {
    const id = await firstTransactionId();
    const path = `/api/v1/transactions/${id}?nonce=0`;
    expect(await handler({ path })).toEqual(await overHttp(path));
    const first = (await handler({ path: '/api/v1/transactions?limit=2' })).body as { links: { next: string } };
    expect(first.links.next).toMatch(/^\/api\/v1\/transactions\?/);
    expect(await handler({ path: first.links.next })).toEqual(await overHttp(first.links.next));
  });

  it.each([
    ['/api/v1/accounts/0.0.999999', 404, 'not-found'],
    ['/api/v1/tokens/0.0.5000/nfts?limit=abc', 400, 'invalid-input'],
    ['/api/v1/transactions?limit=0', 400, 'invalid-input'],
    ['/api/v1/transactions/not-a-transaction-id', 400, 'invalid-input'],
    ['/api/v1/topics/0.0.424242', 404, 'not-found'],
  ])('turns the 4xx answer of %s into a typed error carrying the mirror body', async (path, status, code) => {
    const http = await overHttp(path);
    expect(http.status).toBe(status);
    const failure = await handler({ path }).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(MirrorFailure);
    expect(failure).toBeInstanceOf(ApiFailure);
    const apiError = (failure as MirrorFailure).toApiError();
    expect(apiError).toMatchObject({ code, mirror: { status, body: http.body } });
    const messages = (http.body as { _status: { messages: Array<{ message: string; detail?: string }> } })._status.messages;
    // The Java module's errors (a topic's) put what went wrong in `detail`, after the reason phrase.
    const { message, detail } = messages[0]!;
    expect(apiError.message).toBe(detail ? `${message}: ${detail}` : message);
    expect(apiError.details.length).toBe(messages.length);
  });
});

describe('mirror/get handler on a synced profile', () => {
  // The seam the sync plugs into, answered in process: the network's nodes as its upstream's last
  // answer, remembered two hours ago, the staking figures as the upstream's answer now.
  const rememberedAt = Date.now() - 2 * 3_600_000;
  const readThrough: ReadThrough = {
    fetchMissing: async (resource, id) => (id === '0.0.777777' ? { kind: 'unreadable', reason: 'a value out of range' } : { kind: 'absent' }),
    upstreamAnswer: async () => ({ kind: 'absent' }),
    relay: async (request) => (request.path.startsWith('/api/v1/network/nodes')
      ? { kind: 'reply', status: 200, body: { nodes: [], links: { next: null } }, rememberedAt }
      : { kind: 'reply', status: 200, body: { stake_total: 1 } }),
  };
  const synced = createMirrorApi(fixture.store, defaultMirrorApiConfig, true, { readThrough });
  const syncedHandler = createMirrorGetHandler((use) => use(synced));
  afterAll(async () => { await synced.server.close(); });

  it('says when an answer given from memory was remembered (its Age header), and nothing for a live one', async () => {
    const before = Date.now();
    const remembered = await syncedHandler({ path: '/api/v1/network/nodes' });
    expect(remembered.body).toEqual({ nodes: [], links: { next: null } });
    // Age counts whole seconds: the time worked back from it is at most a second (and the request's time) late.
    expect(remembered.rememberedAt).toBeGreaterThanOrEqual(rememberedAt);
    expect(remembered.rememberedAt).toBeLessThanOrEqual(rememberedAt + 1000 + (Date.now() - before));
    const live = await syncedHandler({ path: '/api/v1/network/stake' });
    expect(live).toEqual({ status: 200, body: { stake_total: 1 } });
  });

  it('gives an upstream answer that could not be read (502) as unavailable, with the mirror\'s words', async () => {
    const failure = await syncedHandler({ path: '/api/v1/tokens/0.0.777777' }).then(() => null, (error: unknown) => error);
    expect((failure as MirrorFailure).toApiError()).toMatchObject({
      code: 'unavailable', message: "The upstream mirror node's answer for this token could not be read: a value out of range", mirror: { status: 502 },
    });
  });
});
