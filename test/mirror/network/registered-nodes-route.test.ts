import { describe, expect, it } from 'vitest';
import { expectRefused, mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// GET /api/v1/network/registered-nodes over a real SQLite file.
const ED25519_KEY = `1220${'ab'.repeat(32)}`;

const fixture = mirrorApiFixture((store) => {
  const insert = store.db.prepare(`INSERT INTO registered_node (registered_node_id, admin_key, created_timestamp, deleted, description, service_endpoints, type, timestamp_range_lower)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const block = { domain_name: 'block.example', port: 40840, requires_tls: true, block_node: { endpoint_apis: ['STATUS', 'PUBLISH'] } };
  const mirror = { ip_address: '10.0.0.7', port: 443, requires_tls: true, mirror_node: {} };
  const relay = { domain_name: 'relay.example', port: 7546, requires_tls: false, rpc_relay: {} };
  insert.run(1, Buffer.from(ED25519_KEY, 'hex'), 100, 0, 'block one', JSON.stringify([block]), '[0]', 100);
  insert.run(2, null, 200, 0, null, JSON.stringify([mirror, relay]), '[2,3]', 250);
  insert.run(3, null, 300, 1, 'gone', JSON.stringify([block]), '[0]', 300);
  insert.run(4, null, 400, 0, 'block two', JSON.stringify([block]), '[0]', 400);
  insert.run(5, null, 500, 0, 'no endpoints', null, '[]', 500);
});

const { get } = fixture;
const json = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return JSON.parse(response.body);
};
const ids = (body: { registered_nodes: Array<{ registered_node_id: number }> }) => body.registered_nodes.map((n) => n.registered_node_id);

describe('GET /api/v1/network/registered-nodes', () => {
  it('lists the nodes not deleted in id order, in the reference shape, cached for a second', async () => {
    const response = await get('/api/v1/network/registered-nodes');
    expect(response.headers['cache-control']).toBe('public, max-age=1');
    const body = JSON.parse(response.body);
    expect(ids(body)).toEqual([1, 2, 4, 5]);
    expect(body.registered_nodes[0]).toEqual({
      admin_key: { _type: 'ED25519', key: 'ab'.repeat(32) }, created_timestamp: '0.000000100', description: 'block one', registered_node_id: 1,
      service_endpoints: [{
        block_node: { endpoint_apis: ['STATUS', 'PUBLISH'] }, domain_name: 'block.example', general_service: null, ip_address: null,
        mirror_node: null, port: 40840, requires_tls: true, rpc_relay: null, type: 'BLOCK_NODE',
      }],
      timestamp: { from: '0.000000100', to: null },
    });
    expect(body.registered_nodes[1].service_endpoints.map((e: { type: string }) => e.type)).toEqual(['MIRROR_NODE', 'RPC_RELAY']);
    expect(body.registered_nodes[3].service_endpoints).toEqual([]);
  });

  it('keeps the nodes offering an endpoint of a type, in any case', async () => {
    expect(ids(await json('/api/v1/network/registered-nodes?type=block_node'))).toEqual([1, 4]);
    expect(ids(await json('/api/v1/network/registered-nodes?type=RPC_RELAY'))).toEqual([2]);
    expect(ids(await json('/api/v1/network/registered-nodes?type=GENERAL_SERVICE'))).toEqual([]);
  });

  it('pages by id both ways and stops where the range ends', async () => {
    const first = await json('/api/v1/network/registered-nodes?limit=2');
    expect(ids(first)).toEqual([1, 2]);
    expect(first.links.next).toBe('/api/v1/network/registered-nodes?limit=2&registerednode.id=gt:2');
    expect(ids(await json(first.links.next))).toEqual([4, 5]);
    const desc = await json('/api/v1/network/registered-nodes?order=desc&limit=1&registerednode.id=gte:2');
    expect(ids(desc)).toEqual([5]);
    expect(desc.links.next).toBe('/api/v1/network/registered-nodes?order=desc&limit=1&registerednode.id=gte:2&registerednode.id=lt:5');
    // The last page of a closed range has no next link: nothing can follow id 4 below 5.
    expect((await json('/api/v1/network/registered-nodes?limit=1&registerednode.id=gt:3&registerednode.id=lt:5')).links.next).toBeNull();
    expect(ids(await json('/api/v1/network/registered-nodes?registerednode.id=2'))).toEqual([2]);
  });

  it('refuses bad filters with the reference messages, in its shapes', async () => {
    const cases: Array<[string, string]> = [
      ['registerednode.id=-1', 'Invalid parameter: registerednode.id'],
      ['registerednode.id=gt:1&registerednode.id=lt:9&registerednode.id=lt:8', 'Invalid parameter: registerednode.id'],
      ['type=CONSENSUS', 'Invalid parameter: type'],
      ['limit=0', 'Invalid parameter: limit'],
      ['limit=101', 'Invalid parameter: limit'],
      // Bound as a number and a direction by the Java module: an operator does not convert (the Node.js routes take it).
      ['limit=gt:1', 'Invalid parameter: limit'],
      ['order=gt:asc', 'Invalid parameter: order'],
    ];
    await expectRefused(fixture, `/api/v1/network/registered-nodes`, cases);
    // What the Java module's service refuses carries the reason phrase, and what went wrong as detail.
    const refused = async (query: string) => JSON.parse((await get(`/api/v1/network/registered-nodes?${query}`)).body);
    expect(await refused('registerednode.id=eq:1&registerednode.id=lt:3'))
      .toEqual({ _status: { messages: [{ data: null, detail: "The 'eq' operator cannot be combined with other operators", message: 'Bad Request' }] } });
    expect(await refused('registerednode.id=gt:10&registerednode.id=lt:5'))
      .toEqual({ _status: { messages: [{ data: null, detail: 'Invalid range: lower bound exceeds upper bound', message: 'Bad Request' }] } });
    // What it cannot bind is said together: a value and a count alike.
    expect(await refused('limit=0&registerednode.id=gt:1&registerednode.id=lt:9&registerednode.id=lt:8'))
      .toEqual({ _status: { messages: [{ message: 'Invalid parameter: limit' }, { message: 'Invalid parameter: registerednode.id' }] } });
  });

  it('folds the id bounds in Java\'s long arithmetic, as the reference does: gt of the largest long wraps round to no bound', async () => {
    expect(ids(await json('/api/v1/network/registered-nodes?registerednode.id=gt:9223372036854775807'))).toEqual([1, 2, 4, 5]);
    expect(ids(await json('/api/v1/network/registered-nodes?registerednode.id=gte:2&registerednode.id=ne:4'))).toEqual([2, 4, 5]);
  });

  it('ignores query keys it does not declare, and ne, as the reference Java module does', async () => {
    const body = await json('/api/v1/network/registered-nodes?foo=bar&limit=2&Bar=1');
    expect(ids(body)).toEqual([1, 2]);
    expect(body.links.next).toBe('/api/v1/network/registered-nodes?limit=2&registerednode.id=gt:2');
    expect(ids(await json('/api/v1/network/registered-nodes?node.id=1&registerednode.id=ne:1'))).toEqual([1, 2, 4, 5]);
    expect(ids(await json('/api/v1/network/registered-nodes?limit=100'))).toEqual([1, 2, 4, 5]);
  });
});
