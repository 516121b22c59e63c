import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { createMirrorApi } from '../../../main/mirror/mirror-api.ts';
import { BYTECODE, insertBlock, insertContract, insertLog, insertResult, insertSlot, insertStateChange } from '../../helpers/contract-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

const TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const fixture = mirrorApiFixture((store) => {
  for (let n = 1; n <= 30; n++) insertContract(store, { num: 1000 + n, runtime: BYTECODE.readSlot0, evmAddress: n === 1 ? 'ab'.repeat(20) : undefined });
  insertBlock(store, 5, 1_000_000_000_000, 2_000_000_000_000);
  for (let t = 1; t <= 4; t++) {
    insertResult(store, { timestamp: 1_000_000_000_000 + t, contractNum: 1001, payer: 2 });
    insertLog(store, 1_000_000_000_000 + t, 0, 1001, TOPIC);
    insertStateChange(store, 1_000_000_000_000 + t, 1001, 1, t);
  }
  insertSlot(store, 1001, 1n, 77n);
}, { hostCheck: false });

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fixture.get(url, headers);
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null, headers: response.headers };
}

describe('GET /api/v1/contracts', () => {
  it('pages newest first with a next link in the body and the Link header', async () => {
    const { status, body, headers } = await get('/api/v1/contracts?limit=10');
    expect(status).toBe(200);
    expect(body.contracts.map((c: { contract_id: string }) => c.contract_id).slice(0, 2)).toEqual(['0.0.1030', '0.0.1029']);
    expect(body.links.next).toBe('/api/v1/contracts?limit=10&contract.id=lt:0.0.1021');
    expect(headers.link).toBe('<${next}>; rel="next"'.replace('${next}', body.links.next));
    expect(headers['cache-control']).toBe('public, max-age=10');
  });

  it('answers 304 when the client already has the ETag', async () => {
    const first = await get('/api/v1/contracts?limit=2');
    const again = await get('/api/v1/contracts?limit=2', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('refuses unknown and malformed parameters with the error body', async () => {
    const { status, body } = await get('/api/v1/contracts?contract.id=gt:0x' + 'ab'.repeat(20) + '&color=red');
    expect(status).toBe(400);
    expect(body._status.messages).toEqual([{ message: 'Invalid parameter: contract.id' }, { message: 'Unknown query parameter: color' }]);
  });
});

describe('GET /api/v1/contracts/{idOrAddress}', () => {
  it('finds a contract by id or EVM address, with its bytecode', async () => {
    const byId = await get('/api/v1/contracts/0.0.1001');
    const byAddress = await get(`/api/v1/contracts/0x${'ab'.repeat(20)}`);
    expect(byId.body).toEqual(byAddress.body);
    expect(byId.body.runtime_bytecode).toBe(`0x${BYTECODE.readSlot0}`);
    expect(byId.headers['cache-control']).toBe('public, max-age=1');
  });

  it('is 404 for an unknown contract and 400 for a malformed id', async () => {
    expect((await get('/api/v1/contracts/0.0.99999')).status).toBe(404);
    expect((await get('/api/v1/contracts/not-an-id')).body._status.messages).toEqual([{ message: 'Invalid parameter: contractid' }]);
  });
});

describe('contract results, logs, state', () => {
  it('lists a contract\'s results and serves one by timestamp (600 s cache)', async () => {
    const list = await get('/api/v1/contracts/0.0.1001/results?limit=2&order=asc');
    expect(list.body.results.map((r: { timestamp: string }) => r.timestamp)).toEqual(['1000.000000001', '1000.000000002']);
    expect(list.body.links.next).toBe('/api/v1/contracts/0.0.1001/results?limit=2&order=asc&timestamp=gt:1000.000000002');
    const one = await get('/api/v1/contracts/0.0.1001/results/1000.000000003');
    expect(one.status).toBe(200);
    expect(one.body.block_number).toBe(5);
    expect(one.body.logs).toHaveLength(1);
    expect(one.headers['cache-control']).toBe('public, max-age=600');
  });

  it('finds a result by its transaction hash', async () => {
    const { status, body } = await get(`/api/v1/contracts/results/0x${(1_000_000_000_002).toString(16).padStart(64, '0')}`);
    expect(status).toBe(200);
    expect(body.timestamp).toBe('1000.000000002');
  });

  it('searches topics only within a timestamp range', async () => {
    const refused = await get(`/api/v1/contracts/0.0.1001/results/logs?topic0=0x${TOPIC}`);
    expect(refused.body._status.messages[0].message).toMatch(/^Cannot search topics without a valid timestamp range/);
    const found = await get(`/api/v1/contracts/0.0.1001/results/logs?topic0=0x${TOPIC}&timestamp=gte:1000&timestamp=lte:1001`);
    expect(found.body.logs).toHaveLength(4);
  });

  it('shows current storage, and storage as of a time from the state changes', async () => {
    const now = await get('/api/v1/contracts/0.0.1001/state');
    expect(now.body.state[0].value).toBe(`0x${'4d'.padStart(64, '0')}`);
    const then = await get('/api/v1/contracts/0.0.1001/state?timestamp=1000.000000002');
    expect(then.body.state[0].value).toBe(`0x${'02'.padStart(64, '0')}`);
    expect(then.body.state[0].timestamp).toBe('1000.000000002');
  });
});

describe('GET /api/v1/contracts/results with the timestamp window bound', () => {
  it('cuts an ascending list to the configured window width and links to the rest', async () => {
    const base = defaultMirrorApiConfig();
    const config = { ...base, query: { ...base.query, bindTimestampRange: true, maxTransactionsTimestampRangeNs: 2 } };
    const bound = createMirrorApi(fixture.store, () => config, false);
    try {
      const reply = await bound.server.inject({ url: '/api/v1/contracts/results?order=asc' });
      const body = JSON.parse(reply.body) as { results: Array<{ timestamp: string }>; links: { next: string | null } };
      // Results at 1000.000000001..004: a 2 ns window from the first holds two, and the link goes on after them.
      expect(body.results.map((r) => r.timestamp)).toEqual(['1000.000000001', '1000.000000002']);
      expect(body.links.next).toBe('/api/v1/contracts/results?order=asc&timestamp=gt:1000.000000002');
    } finally {
      await bound.server.close();
    }
  });
});
