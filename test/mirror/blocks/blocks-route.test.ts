import { describe, expect, it } from 'vitest';
import { blocksSql } from '../../../main/mirror/blocks/blocks-sql.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Blocks over a real SQLite file: 40 record files, block n from second 1,700,000,000 + 2n, and a
// few with the values the reference renders specially (no gas figure, no bloom, no size, an
// unknown HAPI version). Expectations follow the reference's block view model and controller.
const T0 = 1_700_000_000_000_000_000n;
const SECOND = 1_000_000_000n;
const hashOf = (n: number) => (n.toString(16).padStart(2, '0') + 'ab').repeat(24);

const fixture = mirrorApiFixture(() => {
  const insert = fixture.store.db.prepare(`INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, gas_used,
    hapi_version_major, hapi_version_minor, hapi_version_patch, hash, "index", logs_bloom, name, prev_hash, size, bytes)
    VALUES (?, ?, ?, 0, ?, ?, 56, 0, ?, ?, ?, ?, ?, ?, ?)`);
  fixture.store.db.transaction(() => {
    for (let n = 0; n < 40; n++) {
      const start = T0 + BigInt(2 * n) * SECOND;
      insert.run(start + SECOND, start, n + 1, n === 3 ? -1 : n * 1000, n === 4 ? null : 0, hashOf(n), n,
        n === 5 ? null : n === 6 ? Buffer.from('ff', 'hex') : Buffer.alloc(0), `block-${n}.rcd.gz`, n === 0 ? null : hashOf(n - 1),
        n === 7 ? null : 5000 + n, n === 7 ? Buffer.alloc(1234) : null);
    }
  })();
  fixture.store.analyze();
});

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { response, body: JSON.parse(response.body) };
};
const numbers = (body: { blocks: Array<{ number: number }> }) => body.blocks.map((block) => block.number);

describe('blocks', () => {
  it('renders a block as the reference does', async () => {
    const { body, response } = await get('/api/v1/blocks/10');
    expect(body).toEqual({
      count: 11, hapi_version: '0.56.0', hash: `0x${hashOf(10)}`, name: 'block-10.rcd.gz', number: 10, previous_hash: `0x${hashOf(9)}`, size: 5010,
      timestamp: { from: '1700000020.000000000', to: '1700000021.000000000' }, gas_used: 10_000, logs_bloom: `0x${'0'.repeat(512)}`,
    });
    // In the reference's key order.
    expect(Object.keys(body)).toEqual(['count', 'hapi_version', 'hash', 'name', 'number', 'previous_hash', 'size', 'timestamp', 'gas_used', 'logs_bloom']);
    // A block once written never changes: kept 600 s, as the reference's application.yml has it for /blocks/:hashOrNumber.
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    // The first block has no previous hash; gas used -1 (a file older than the field) is null; an
    // unknown HAPI version is null; no bloom is null and a short one is zero-padded to 256 bytes;
    // without a size, the length of the file's bytes.
    expect((await get('/api/v1/blocks/0')).body.previous_hash).toBe('0x');
    expect((await get('/api/v1/blocks/3')).body.gas_used).toBeNull();
    expect((await get('/api/v1/blocks/4')).body.hapi_version).toBeNull();
    expect((await get('/api/v1/blocks/5')).body.logs_bloom).toBeNull();
    expect((await get('/api/v1/blocks/6')).body.logs_bloom).toBe(`0x${'0'.repeat(510)}ff`);
    expect((await get('/api/v1/blocks/7')).body.size).toBe(1234);
  });

  it('finds a block by its 48-byte hash or the first 32 bytes of it, in any case, with or without 0x', async () => {
    const hash = hashOf(12);
    for (const given of [hash, `0x${hash}`, hash.slice(0, 64).toUpperCase(), `0x${hash.slice(0, 64)}`]) {
      const { response, body } = await get(`/api/v1/blocks/${given}`);
      expect(response.statusCode, given).toBe(200);
      expect(body.number, given).toBe(12);
      expect(response.headers['cache-control'], given).toBe('public, max-age=600');
    }
    expect((await get(`/api/v1/blocks/${'cd'.repeat(48)}`)).response.statusCode).toBe(404);
    expect((await get('/api/v1/blocks/40')).body).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
  });

  it('lists newest first, pages by block number, and filters by number (decimal or 0x) and by the last consensus time', async () => {
    const first = await get('/api/v1/blocks?limit=3');
    expect(numbers(first.body)).toEqual([39, 38, 37]);
    expect(first.body.links.next).toBe('/api/v1/blocks?limit=3&block.number=lt:37');
    expect(first.response.headers.link).toBe('</api/v1/blocks?limit=3&block.number=lt:37>; rel="next"');
    // The list grows with every new block: the reference's default lifetime.
    expect(first.response.headers['cache-control']).toBe('public, max-age=1');
    expect(numbers((await get(first.body.links.next)).body)).toEqual([36, 35, 34]);
    expect(numbers((await get('/api/v1/blocks')).body)).toHaveLength(25);

    const asc = await get('/api/v1/blocks?order=asc&limit=2&block.number=gte:0x1e');
    expect(numbers(asc.body)).toEqual([30, 31]);
    expect(asc.body.links.next).toBe('/api/v1/blocks?order=asc&limit=2&block.number=gt:31');
    expect(numbers((await get('/api/v1/blocks?block.number=7')).body)).toEqual([7]);
    expect(numbers((await get('/api/v1/blocks?block.number=gt:5&block.number=lte:8&order=asc')).body)).toEqual([6, 7, 8]);
    // A range whose next page would be empty has no next link.
    expect((await get('/api/v1/blocks?block.number=gte:10&block.number=lt:12&limit=2&order=asc')).body.links.next).toBeNull();
    // `timestamp` is the block's end: block n ends at second 1,700,000,000 + 2n + 1.
    expect(numbers((await get('/api/v1/blocks?timestamp=gte:1700000021&timestamp=lt:1700000025')).body)).toEqual([11, 10]);
    expect(numbers((await get('/api/v1/blocks?timestamp=1700000021')).body)).toEqual([10]);
    expect(numbers((await get('/api/v1/blocks?timestamp=ne:1700000001&block.number=lt:2')).body)).toEqual([1]);
  });

  it('refuses what the reference refuses, each named', async () => {
    const refused = async (url: string) => {
      const { response, body } = await get(url);
      expect(response.statusCode, url).toBe(400);
      return body._status.messages.map((m: { message: string }) => m.message);
    };
    expect(await refused('/api/v1/blocks?block.number=ne:5')).toEqual(['Invalid parameter: block.number']);
    expect(await refused('/api/v1/blocks?block.number=-1&limit=0&order=up&timestamp=x&hash=1')).toEqual([
      'Invalid parameter: block.number', 'Invalid parameter: limit', 'Invalid parameter: order', 'Invalid parameter: timestamp', 'Unknown query parameter: hash',
    ]);
    expect(await refused('/api/v1/blocks?block.number=0x1ffffffffffffffff')).toEqual(['Invalid parameter: block.number']);
    for (const id of ['abc', '-1', '0x12', 'ab'.repeat(31), '9223372036854775808']) expect(await refused(`/api/v1/blocks/${id}`)).toEqual(['Invalid parameter: hashOrNumber']);
    expect(await refused('/api/v1/blocks/5?limit=1')).toEqual(['Unknown query parameter: limit']);
  });

  it('walks an index for every list, never the table in the other order', () => {
    for (const [numbers, timestamps, byNumber] of [
      [[{ operator: 'gt' as const, value: 5n }], [], true],
      [[], [{ operator: 'lt' as const, value: T0 }], false],
      [[], [], false],
    ] as const) {
      const { sql, params } = blocksSql([...numbers], [...timestamps], byNumber, 'desc', 25);
      expect(explainPlan(fixture.store.db, sql, params).join('\n')).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
