import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig, mergeConfig } from '../../../main/mirror/config.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { field, hapiTransaction, varintField } from '../../helpers/protobuf-writer.ts';

// The network endpoints over a real SQLite file.

/** ExchangeRate {hbarEquiv = 1, centEquiv = 2, expirationTime = 3 {seconds = 1}}. */
const rate = (hbar: number, cent: number, expiry: number) =>
  Buffer.concat([varintField(1, hbar), varintField(2, cent), field(3, varintField(1, expiry))]);
/** CurrentAndNextFeeSchedule with one service gas price per functionality. */
const schedule = (prices: Array<[number, number]>) => field(1, Buffer.concat(prices.map(([functionality, gas]) =>
  field(1, Buffer.concat([varintField(1, functionality), field(3, field(3, varintField(8, gas)))])))));

const fixture = mirrorApiFixture(() => {
  const db = fixture.store.db;
  insertAccounts(fixture.store, [{ num: 2, balance: 4_000_000_000_000_000_000n }, { num: 42, balance: 50 }, { num: 1001, balance: 10 }]);
  db.prepare('INSERT INTO account_balance (consensus_timestamp, account_id, balance) VALUES (?, ?, ?)').run(5000, 2, 1);
  db.prepare('INSERT INTO account_balance (consensus_timestamp, account_id, balance) VALUES (?, ?, ?)').run(5000, 42, 2);
  const file = db.prepare('INSERT INTO file_data (consensus_timestamp, entity_id, file_data, transaction_type) VALUES (?, ?, ?, ?)');
  file.run(100, 112, Buffer.concat([field(1, rate(30000, 450041, 1651770000)), field(2, rate(30000, 435305, 1651773600))]), 17);
  file.run(100, 111, schedule([[6, 741000], [7, 990000], [84, 853000]]), 17);
  // A later, half-uploaded exchange rate file: readers fall back to the complete one.
  file.run(200, 112, Buffer.from([0x0a, 0x10, 0x08]), 19);
  db.prepare(`INSERT INTO network_stake (consensus_timestamp, epoch_day, max_staking_reward_rate_per_hbar, node_reward_fee_denominator,
      node_reward_fee_numerator, stake_total, staking_period, staking_period_duration, staking_periods_stored, staking_reward_fee_denominator,
      staking_reward_fee_numerator, staking_reward_rate, staking_start_threshold)
    VALUES (1, 1, 17808, 1000, 3, 35000000000000003, 1654992999999999999, 1440, 365, 10, 1, 100000000000, 25000000000000001)`).run();
  db.prepare('INSERT INTO address_book (start_consensus_timestamp, file_id, node_count) VALUES (10, 102, 2)').run();
  for (const node of [0, 1]) {
    db.prepare(`INSERT INTO address_book_entry (consensus_timestamp, node_id, description, memo, node_account_id, node_cert_hash, public_key, stake)
      VALUES (10, ?, 'description', ?, ?, ?, 'abcd', 0)`).run(node, `0.0.${node + 3}`, node + 3, Buffer.from('01d1', 'utf8'));
    db.prepare(`INSERT INTO address_book_service_endpoint (consensus_timestamp, node_id, ip_address_v4, port) VALUES (10, ?, '127.0.0.1', 50211)`).run(node);
  }
  // Node 1 names two registered nodes (HIP-1137); node 0 has no node row at all.
  db.prepare(`INSERT INTO node (node_id, account_id, decline_reward, timestamp_range_lower, associated_registered_nodes) VALUES (1, 4, 0, 10, '[2,1]')`).run();
}, { config: () => mergeConfig(defaultMirrorApiConfig(), { network: { currencyFormat: 'HBARS' } }) });

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { response, body: /json/.test(String(response.headers['content-type'])) ? JSON.parse(response.body) : response.body };
};
const post = (body: Buffer | string, contentType = 'application/protobuf', query = '') =>
  fixture.inject({ method: 'POST', url: `/api/v1/network/fees${query}`, payload: body, headers: { 'content-type': contentType } });

describe('network supply, exchange rate, fees, stake and nodes', () => {
  it('computes released supply now and as of a balance snapshot, and as text with q=', async () => {
    expect((await get('/api/v1/network/supply')).body).toEqual({ released_supply: '999999999999999950', timestamp: '0.000001000', total_supply: '5000000000000000000' });
    expect((await get('/api/v1/network/supply?timestamp=lte:0.000005000')).body.released_supply).toBe('4999999999999999997');
    const text = await get('/api/v1/network/supply?q=totalcoins');
    expect(text.body).toBe('50000000000');
    expect(text.response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('/api/v1/network/supply?timestamp=ne:1')).response.statusCode).toBe(400);
  });

  it('reads the newest complete exchange rate file and prices gas from the fee schedule', async () => {
    const rates = await get('/api/v1/network/exchangerate');
    expect(rates.body.current_rate).toEqual({ cent_equivalent: 450041, expiration_time: 1651770000, hbar_equivalent: 30000 });
    expect(rates.body.timestamp).toBe('0.000000100');
    expect(rates.response.headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/v1/network/fees?order=desc')).body.fees).toEqual([
      { gas: 56, transaction_type: 'EthereumTransaction' }, { gas: 65, transaction_type: 'ContractCreate' }, { gas: 49, transaction_type: 'ContractCall' },
    ]);
    expect((await get('/api/v1/network/exchangerate?timestamp=lt:0.000000100')).response.statusCode).toBe(404);
  });

  it('gives the staking period and fee fractions of the latest network stake', async () => {
    const { body } = await get('/api/v1/network/stake');
    expect(body.staking_period).toEqual({ from: '1654993000.000000000', to: '1655079400.000000000' });
    expect(body.node_reward_fee_fraction).toBe(0.003);
    expect(body.stake_total).toBe(35000000000000003);
    // The reference serves this from its Java module, which binds no parameter here: any is ignored.
    expect((await get('/api/v1/network/stake?limit=5&foo=bar')).body).toEqual(body);
  });

  it('refuses more than two timestamps on exchange rate and supply as the Java module serving them does; fees takes them', async () => {
    const three = 'timestamp=lte:0.000005000&timestamp=gte:0.000000001&timestamp=lte:0.000004000';
    for (const path of ['exchangerate', 'supply']) {
      const { response, body } = await get(`/api/v1/network/${path}?${three}`);
      expect(response.statusCode, path).toBe(400);
      expect(body, path).toEqual({ _status: { messages: [{ message: 'timestamp size must be between 0 and 2' }] } });
      // Two are taken; a bad value is still worded as the spec cases pin it.
      expect((await get(`/api/v1/network/${path}?timestamp=lte:0.000005000&timestamp=gte:0.000000001`)).response.statusCode, path).toBe(200);
    }
    expect((await get(`/api/v1/network/supply?${three}&timestamp=ne:1`)).body._status.messages)
      .toEqual([{ message: 'Invalid parameter: Not equals (ne) operator is not supported for timestamp' }]);
    expect((await get(`/api/v1/network/fees?${three}`)).response.statusCode).toBe(200);
  });

  it('bounds the supply\'s snapshot window by now and by 0, as the reference does', async () => {
    // The upper bound starts at now: a lower bound after it crosses it.
    expect((await get('/api/v1/network/supply?timestamp=gte:9999999999')).body)
      .toEqual({ _status: { messages: [{ message: 'Lower timestamp cannot be higher than upper timestamp' }] } });
    expect((await get('/api/v1/network/supply?timestamp=gt:2&timestamp=lt:1')).response.statusCode).toBe(400);
    // An upper bound below 0 is held at 0: a window with no snapshot in it.
    const beforeZero = await get('/api/v1/network/supply?timestamp=lt:0');
    expect(beforeZero.response.statusCode).toBe(404);
    expect(beforeZero.body).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
  });

  it('finds no exchange rate or fees in crossed bounds, which the reference does not refuse there', async () => {
    for (const path of ['exchangerate', 'fees']) {
      const crossed = await get(`/api/v1/network/${path}?timestamp=gt:2&timestamp=lt:1`);
      expect(crossed.response.statusCode, path).toBe(404);
      expect(crossed.body, path).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
    }
  });

  it('reads limit and order after any operator, as the reference\'s Node.js handlers do', async () => {
    const { body } = await get('/api/v1/network/nodes?limit=gt:1');
    expect(body.nodes).toHaveLength(1);
    expect(body.links.next).toBe('/api/v1/network/nodes?limit=gt:1&node.id=gt:0');
    expect((await get('/api/v1/network/fees?order=gt:desc')).body).toEqual((await get('/api/v1/network/fees?order=desc')).body);
    expect((await get('/api/v1/network/supply?q=ne:totalcoins')).body).toBe('50000000000');
  });

  it('lists the address book nodes and refuses several file ids', async () => {
    const { body } = await get('/api/v1/network/nodes?limit=1');
    expect(body.nodes[0]).toMatchObject({ node_id: 0, node_account_id: '0.0.3', file_id: '0.0.102', public_key: '0xabcd', node_cert_hash: '0x01d1' });
    expect(body.links.next).toBe('/api/v1/network/nodes?limit=1&node.id=gt:0');
    // The registered nodes a node names, in its order; none named, no field (as the reference's cases from before it answer).
    const [first, second] = (await get('/api/v1/network/nodes')).body.nodes;
    expect(second.associated_registered_nodes).toEqual([2, 1]);
    expect(Object.keys(second).slice(0, 3)).toEqual(['admin_key', 'associated_registered_nodes', 'decline_reward']);
    expect(first).not.toHaveProperty('associated_registered_nodes');
    expect((await get('/api/v1/network/nodes?file.id=101&file.id=102')).body._status.messages[0].message).toBe('Only a single instance is supported for file.id');
  });
});

describe('POST /api/v1/network/fees', () => {
  it('estimates a serialized transaction in the reference shape, total = node + network + service', async () => {
    const response = await post(hapiTransaction(14, 3));
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body);
    const signatures = body.node.extras.find((e: { name: string }) => e.name === 'Signatures');
    expect(signatures).toMatchObject({ count: 3, included: 1, charged: 2 });
    const nodeSubtotal = body.node.base + body.node.extras.reduce((s: number, e: { subtotal: number }) => s + e.subtotal, 0);
    expect(body.network.subtotal).toBe(nodeSubtotal * body.network.multiplier);
    expect(body.total).toBe(nodeSubtotal + body.network.subtotal + body.service.base);
    expect(body.high_volume_multiplier).toBe(1);
    expect((await post(hapiTransaction(14, 1), 'application/x-protobuf')).statusCode).toBe(200);
  });

  it('estimates the registered-node operations (HIP-1137) by their TransactionBody fields, 78 to 80, not by the type ids 101 to 103', async () => {
    for (const dataField of [78, 79, 80]) {
      const response = await post(hapiTransaction(dataField));
      expect(response.statusCode, `data field ${dataField}`).toBe(200);
      expect(JSON.parse(response.body).node.extras.find((e: { name: string }) => e.name === 'Signatures')).toMatchObject({ count: 1 });
    }
    // The type ids are no field of the body, and a number no operation has is refused.
    for (const dataField of [101, 102, 103, 81]) expect((await post(hapiTransaction(dataField))).statusCode, `data field ${dataField}`).toBe(400);
  });

  it('is a clear 400 for bytes that are not a transaction, and 415 for another content type', async () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from('hello world'), Buffer.from([0x0a, 0xff]), field(5, field(1, varintField(3, 5)))]) {
      const response = await post(bytes);
      expect(response.statusCode).toBe(400);
      const message = JSON.parse(response.body)._status.messages[0];
      expect(message.message).toBe('Invalid parameter: transaction');
      expect(message.detail).toMatch(/^Not a serialized HAPI Transaction: /);
    }
    expect((await post('{}', 'application/json')).statusCode).toBe(415);
    expect((await post(hapiTransaction(14), 'application/protobuf', '?mode=GUESS')).statusCode).toBe(400);
  });
});
