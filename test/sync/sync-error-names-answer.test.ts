import type http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { FIRST_ACCOUNTS_PAGE } from '../../main/sync/accounts-crawl.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { upstreamAccount } from '../helpers/upstream-account.ts';
import { answerTransactionsPage, ScriptedUpstreams } from './scripted-upstream.ts';

// A sync error about an answer it could not use names that answer's URL. It used to name the
// answer the upstream client handed over last, but the crawl asks for the next accounts page while
// it reads the current page's token balances: a fault in the next page was said to be "in the
// upstream's answer to …/accounts/0.0.1001/tokens", a request that had nothing wrong with it.

const SECOND_PAGE = `${FIRST_ACCOUNTS_PAGE}&account.id=gt:0.0.1001`;
/** The first page's account shows 50 token balances: the crawl reads the rest of them from here, slowly. */
const TOKENS_OF_1001 = '/api/v1/accounts/0.0.1001/tokens?limit=100&order=asc';
const fiftyTokens = Array.from({ length: 50 }, (_, i) => ({ token_id: `0.0.${5001 + i}`, balance: 1 }));

const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const upstreams = new ScriptedUpstreams();
const ready = upstreams.start((req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname === '/api/v1/transactions') return answerTransactionsPage(url, [], res);
  if (req.url === FIRST_ACCOUNTS_PAGE) {
    return json(res, { accounts: [{ ...upstreamAccount(1001), balance: { balance: 100, timestamp: '1700000000.000000001', tokens: fiftyTokens } }], links: { next: SECOND_PAGE } });
  }
  // The fault: an account created "yesterday".
  if (req.url === SECOND_PAGE) return json(res, { accounts: [{ ...upstreamAccount(1002), created_timestamp: 'yesterday' }], links: { next: null } });
  // Answered after the second page, which was asked for before these balances were.
  if (req.url === TOKENS_OF_1001) {
    setTimeout(() => json(res, { tokens: fiftyTokens.map((token) => ({ ...token, associated: true })), links: { next: null } }), 300);
    return;
  }
  if (url.pathname === '/api/v1/accounts') return json(res, { accounts: [upstreamAccount(1002)], links: { next: null } });
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Not found"}]}}');
});
afterAll(() => upstreams.closeAll());

describe('a sync error about an answer it could not use', () => {
  it('names the answer the fault was in, not the one the crawl received last', async () => {
    const base = await ready;
    const store = new LedgerStore({ file: ':memory:' });
    const engine = new SyncEngine({ profile: 'named', db: store.db, upstreamUrl: base, requestsPerSecond: 0, timeoutMs: 2000, backoffCapMs: 50, errorRetryMs: 60_000 });
    try {
      engine.start();
      const deadline = performance.now() + 10_000;
      while (engine.status().state !== 'error' && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(engine.status().lastError?.message).toBe(`not a timestamp: "yesterday", in the upstream's answer to ${base}${SECOND_PAGE}`);
    } finally {
      await engine.close();
      store.close();
    }
  });
});
