import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import type { ReadThrough, UpstreamRequest } from '../../main/mirror/http/read-through.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { answerShapeFault, answerShapeOf, RELAYED_ANSWER_SHAPES } from '../../main/sync/relayed-answer-shapes.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { startServe, waitForDemoReady, type ServeProcess } from '../helpers/serve-process.ts';
import { referenceCases } from '../helpers/reference-specs.ts';
import { startAnsweringProxy, type AnsweringProxy } from './answering-proxy.ts';
import { compareUrls, httpGet, injectedGet, type Get } from './compare-mirrors.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';

// A real upstream `serve` on its demo ledger. In front of it, a proxy that answers some paths
// itself with a 200 of the wrong shape, and in front of that the fault proxy, which decides
// whether the upstream can be reached at all.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-read-through-shapes-'));
const SPECS = path.resolve('../shared/conformance/mirror/specs');
const WRONG_SHAPE = '{"accounts":"nope","links":{"next":null}}';
let upstream: ServeProcess;
let liar: AnsweringProxy;
let proxy: FaultProxy;
let remote: Get;
/** Paths (query aside) the upstream answers with WRONG_SHAPE for now. */
const lies = new Set<string>();
let mode: Fault = 'pass';

beforeAll(async () => {
  upstream = await startServe(['--data-dir', path.join(dir, 'upstream'), '--demo-accounts', '1300']);
  await waitForDemoReady(upstream.urls.get('ui')!);
  remote = httpGet(upstream.urls.get('mirror')!);
  liar = await startAnsweringProxy(upstream.urls.get('mirror')!, (url) => (lies.has(url.split('?')[0]!) ? WRONG_SHAPE : null));
  proxy = await startFaultProxy(liar.url, () => mode);
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await liar?.close();
  await upstream?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const messageOf = (body: string): string => (JSON.parse(body) as { _status: { messages: Array<{ message: string }> } })._status.messages[0]!.message;

describe('relayed answers of the wrong shape', () => {
  it('are answered 502 saying so, and never remembered; answers of the right shape still are', async () => {
    const store = new LedgerStore({ file: path.join(dir, 'local.sqlite') });
    const logged: string[] = [];
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: proxy.url, deadlineMs: 1500, requestsPerSecond: 0, now: () => clock, log: (line) => logged.push(line) });
    let clock = 0;
    const local = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough }));
    const kept = () => store.db.prepare('SELECT path FROM upstream_answer ORDER BY path').pluck().all();
    try {
      const { tokens } = JSON.parse((await remote('/api/v1/tokens?type=NON_FUNGIBLE_UNIQUE&limit=1')).body) as { tokens: Array<{ token_id: string }> };
      const nfts = `/api/v1/tokens/${tokens[0]!.token_id}/nfts`;
      const urls = ['/api/v1/network/stake', nfts, '/api/v1/schedules'];
      for (const url of urls) lies.add(url);

      const answers = await Promise.all(urls.map((url) => local(url)));
      expect(answers.map((answer) => answer.status)).toEqual([502, 502, 502]);
      expect(answers.map((answer) => messageOf(answer.body))).toEqual([
        `The upstream mirror node's answer for the network's nodes, stake, exchange rate and fees could not be read: it is not of the shape a mirror node answers (no "staking_period")`,
        `The upstream mirror node's answer for NFTs could not be read: it is not of the shape a mirror node answers (no "nfts")`,
        `The upstream mirror node's answer for every schedule could not be read: it is not of the shape a mirror node answers (no "schedules")`,
      ]);
      expect(kept()).toEqual([]);
      expect(logged).toHaveLength(3);
      // The upstream answered: it is not taken for unreachable.
      expect(readThrough.offline).toBe(false);
      // Unreachable now: nothing was remembered, so nothing (least of all the wrong answer) is served.
      mode = 'reset';
      expect((await local('/api/v1/network/stake')).status).toBe(503);
      expect(readThrough.offline).toBe(true);

      // The upstream answers truly again: the same paths are relayed as it answers them, and remembered.
      clock += 60_000;
      mode = 'pass';
      lies.clear();
      expect(await compareUrls(remote, local, urls)).toEqual([]);
      expect(kept()).toEqual([...urls].sort());
      mode = 'reset';
      expect(await compareUrls(remote, local, urls)).toEqual([]);
      // A wrong answer later does not replace the remembered one, nor is it passed on.
      clock += 60_000;
      mode = 'pass';
      lies.add('/api/v1/network/stake');
      expect((await local('/api/v1/network/stake')).status).toBe(502);
      mode = 'reset';
      expect(await compareUrls(remote, local, ['/api/v1/network/stake'])).toEqual([]);
    } finally {
      mode = 'pass';
      lies.clear();
      readThrough.close();
      store.close();
    }
  }, 30_000);

  it('a kept answer (a topic message from before the sync) of the wrong shape is not kept either', async () => {
    const store = new LedgerStore({ file: path.join(dir, 'kept.sqlite') });
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: proxy.url, deadlineMs: 1500, requestsPerSecond: 0 });
    const local = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough }));
    try {
      const { topics } = JSON.parse((await remote('/api/v1/topics?limit=1')).body) as { topics?: Array<{ topic_id: string }> };
      const topic = topics?.[0]?.topic_id ?? (JSON.parse((await remote('/api/v1/transactions?transactiontype=CONSENSUSCREATETOPIC&limit=1')).body) as { transactions: Array<{ entity_id: string }> }).transactions[0]!.entity_id;
      const url = `/api/v1/topics/${topic}/messages/1`;
      lies.add(url);
      const wrong = await local(url);
      expect(wrong.status).toBe(502);
      expect(messageOf(wrong.body)).toMatch(/could not be read: it is not of the shape a mirror node answers \(no "consensus_timestamp"\)$/);
      expect(store.db.prepare('SELECT count(*) FROM upstream_answer').pluck().get()).toBe(0);
      lies.clear();
      expect(await compareUrls(remote, local, [url])).toEqual([]);
      expect(store.db.prepare('SELECT path FROM upstream_answer').pluck().all()).toEqual([url]);
    } finally {
      lies.clear();
      readThrough.close();
      store.close();
    }
  });
});

describe('the table of relayed answer shapes', () => {
  it('accepts every answer the reference mirror node gave for the paths it lists', () => {
    const checked = new Set<string>();
    const refused: string[] = [];
    for (const { file, test } of referenceCases(SPECS)) {
      if (test.responseStatus !== 200 || test.responseJson === undefined) continue;
      for (const url of [test.url, ...(test.urls ?? [])].filter((u): u is string => u !== undefined)) {
        if (answerShapeOf('GET', url) === undefined) continue;
        checked.add(path.dirname(file));
        const fault = answerShapeFault('GET', url, test.responseJson);
        if (fault !== null) refused.push(`${file} ${url}: ${fault}`);
      }
    }
    expect(refused).toEqual([]);
    // The spec folders of relayed and kept paths, each met at least once.
    expect([...checked].sort()).toEqual(expect.arrayContaining([
      'accounts/{id}', 'accounts/{id}/allowances/crypto', 'accounts/{id}/nfts', 'accounts/{id}/rewards', 'accounts/{id}/tokens', 'balances',
      'contracts/results/{id}', 'contracts/results/{id}/actions', 'contracts/{id}/results/{id}', 'contracts/{id}/state',
      'network/exchangerate', 'network/fees', 'network/nodes', 'network/stake', 'schedules', 'tokens/{id}/balances', 'tokens/{id}/nfts',
      'tokens/{id}/nfts/{id}', 'tokens/{id}/nfts/{id}/transactions', 'topics/messages/{id}', 'topics/{id}/messages', 'topics/{id}/messages/{id}',
    ]));
  });

  it('has a shape for every path the mirror API relays or keeps', async () => {
    // Every request the API would send upstream, as a read-through that has nothing to give.
    const sent: UpstreamRequest[] = [];
    const recorder: ReadThrough = {
      fetchMissing: async () => ({ kind: 'absent' }),
      upstreamAnswer: async (upstreamPath) => {
        sent.push({ method: 'GET', path: upstreamPath });
        return { kind: 'absent' };
      },
      relay: async (request) => {
        sent.push(request);
        return { kind: 'offline' };
      },
    };
    const store = new LedgerStore({ file: ':memory:' });
    const api = createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough: recorder });
    try {
      const specUrls = referenceCases(SPECS).flatMap(({ test }) => [test.url, ...(test.urls ?? [])]).filter((u): u is string => typeof u === 'string' && u.startsWith('/api/v1/'));
      // What no spec case asks: hooks, airdrops, NFT allowances, registered nodes, blocks, opcodes, a call.
      const others = ['/api/v1/accounts/0.0.1001/hooks', '/api/v1/accounts/0.0.1001/hooks/1/storage', '/api/v1/accounts/0.0.1001/airdrops/outstanding',
        '/api/v1/accounts/0.0.1001/airdrops/pending', '/api/v1/accounts/0.0.1001/allowances/nfts', '/api/v1/network/registered-nodes', '/api/v1/blocks',
        `/api/v1/blocks/1`, `/api/v1/contracts/results/0.0.1001-1700000000-000000000/opcodes`];
      for (const url of [...new Set([...specUrls, ...others])]) await api.server.inject({ url });
      await api.server.inject({ method: 'POST', url: '/api/v1/contracts/call', payload: { data: '0x', to: `0x${'00'.repeat(19)}01` } });
      const unlisted = [...new Set(sent.filter((r) => answerShapeOf(r.method, r.path) === undefined).map((r) => `${r.method} ${r.path.split('?')[0]}`))];
      expect(unlisted).toEqual([]);
      // And the other way round: the table has no entry the API never uses.
      const unused = RELAYED_ANSWER_SHAPES.filter((entry) => !sent.some((r) => r.method === entry.method && entry.path.test(r.path.split('?')[0]!)));
      expect(unused.map((entry) => `${entry.method} ${entry.path.source}`)).toEqual([]);
    } finally {
      store.close();
    }
  });
});
