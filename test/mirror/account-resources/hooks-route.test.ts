import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// GET /api/v1/accounts/{id}/hooks and /hooks/{hookId}/storage over a real SQLite file.
const word = (n: number): Buffer => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');

const fixture = mirrorApiFixture(() => {
  const db = fixture.store.db;
  insertAccounts(fixture.store, [{ num: 1001 }]);
  const hook = db.prepare(`INSERT INTO hook (owner_id, hook_id, admin_key, contract_id, created_timestamp, deleted, extension_point, type,
    timestamp_range_lower) VALUES (1001, ?, ?, 2001, ?, 0, 'ACCOUNT_ALLOWANCE_HOOK', 'EVM', ?)`);
  for (let id = 1; id <= 3; id++) hook.run(id, Buffer.from('1220' + 'cd'.repeat(32), 'hex'), 1000 + id, 1000 + id);
  const slot = db.prepare('INSERT INTO hook_storage (owner_id, hook_id, key, value, created_timestamp, modified_timestamp, deleted) VALUES (1001, 1, ?, ?, 10, ?, ?)');
  for (let k = 1; k <= 4; k++) slot.run(word(k), word(k * 100), 20 + k, k === 4 ? 1 : 0);
  const change = db.prepare('INSERT INTO hook_storage_change (owner_id, hook_id, key, consensus_timestamp, value_written) VALUES (1001, 1, ?, ?, ?)');
  change.run(word(1), 5, word(7));
  change.run(word(1), 21, word(100));
  change.run(word(2), 6, Buffer.alloc(0));
  change.run(word(3), 7, word(9));
});

const json = async (url: string) => JSON.parse((await fixture.get(url)).body);

describe('GET /api/v1/accounts/{id}/hooks', () => {
  it('lists hooks newest id first and pages by hook.id', async () => {
    const body = await json('/api/v1/accounts/0.0.1001/hooks?limit=2');
    expect(body.hooks.map((h: { hook_id: number }) => h.hook_id)).toEqual([3, 2]);
    expect(body.hooks[0]).toEqual({
      admin_key: { _type: 'ED25519', key: 'cd'.repeat(32) }, contract_id: '0.0.2001', created_timestamp: '0.000001003', deleted: false,
      extension_point: 'ACCOUNT_ALLOWANCE_HOOK', hook_id: 3, owner_id: '0.0.1001', timestamp_range: { from: '0.000001003', to: null }, type: 'EVM',
    });
    expect(body.links.next).toBe('/api/v1/accounts/0.0.1001/hooks?limit=2&hook.id=lt:2');
    expect((await json(body.links.next)).hooks.map((h: { hook_id: number }) => h.hook_id)).toEqual([1]);
  });

  it('folds hook.id bounds into one range, equalities a set within it, and an empty range into no hooks', async () => {
    const ids = async (query: string) => (await json(`/api/v1/accounts/0.0.1001/hooks?${query}`)).hooks.map((h: { hook_id: number }) => h.hook_id);
    expect(await ids('hook.id=gte:2&hook.id=lte:3')).toEqual([3, 2]);
    expect(await ids('hook.id=gt:1&hook.id=lt:3&hook.id=lte:9')).toEqual([2]);
    expect(await ids('hook.id=1&hook.id=3&hook.id=gte:2')).toEqual([3]);
    expect(await ids('hook.id=gt:3&hook.id=lt:2')).toEqual([]);
    expect(await ids('hook.id=lt:1')).toEqual([]);
  });

  it('answers as the reference Java module: ne ignored, its limits, its errors, undeclared keys ignored', async () => {
    const ids = async (query: string) => (await json(`/api/v1/accounts/0.0.1001/hooks?${query}`)).hooks.map((h: { hook_id: number }) => h.hook_id);
    expect(await ids('hook.id=ne:1')).toEqual([3, 2, 1]);
    const unknown = await json('/api/v1/accounts/1001/hooks?limit=1&foo=bar');
    expect(unknown.hooks.map((h: { hook_id: number }) => h.hook_id)).toEqual([3]);
    expect(unknown.links.next).toBe('/api/v1/accounts/1001/hooks?limit=1&hook.id=lt:3');
    const bad = (detail: string) => ({ _status: { messages: [{ data: null, detail, message: 'Bad Request' }] } });
    expect(await json('/api/v1/accounts/1001/hooks?hook.id=abc')).toEqual(bad("Failed to convert 'hook.id'"));
    expect(await json('/api/v1/accounts/1001/hooks?limit=101')).toEqual({ _status: { messages: [{ message: 'limit must be less than or equal to 100' }] } });
    expect(await json('/api/v1/accounts/1001/hooks?limit=0')).toEqual({ _status: { messages: [{ message: 'limit must be greater than 0' }] } });
    expect(await json('/api/v1/accounts/0.0.x/hooks')).toEqual(bad("Failed to convert 'ownerId'"));
    const alias = await fixture.get('/api/v1/accounts/KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ/hooks');
    expect(alias.statusCode).toBe(404);
    expect(JSON.parse(alias.body)).toEqual({ _status: { messages: [{ data: null, detail: 'No account found for the given ID', message: 'Not Found' }] } });
  });
});

describe('GET /api/v1/accounts/{id}/hooks/{hookId}/storage', () => {
  it('lists live slots in key order, keys and values as 32-byte words', async () => {
    const body = await json('/api/v1/accounts/1001/hooks/1/storage?limit=2');
    expect(body.owner_id).toBe('0.0.1001');
    expect(body.hook_id).toBe(1);
    expect(body.storage).toEqual([
      { key: `0x${word(1).toString('hex')}`, timestamp: '0.000000021', value: `0x${word(100).toString('hex')}` },
      { key: `0x${word(2).toString('hex')}`, timestamp: '0.000000022', value: `0x${word(200).toString('hex')}` },
    ]);
    expect(body.links.next).toBe(`/api/v1/accounts/1001/hooks/1/storage?limit=2&key=gt:0x${word(2).toString('hex')}`);
    const next = await json(body.links.next);
    expect(next.storage.map((s: { key: string }) => s.key)).toEqual([`0x${word(3).toString('hex')}`]);
  });

  it('takes short keys and exact keys', async () => {
    expect((await json('/api/v1/accounts/1001/hooks/1/storage?key=gte:3')).storage).toHaveLength(1);
    expect((await json('/api/v1/accounts/1001/hooks/1/storage?key=0x02&key=1')).storage).toHaveLength(2);
  });

  it('answers as of a time with the newest write per key, leaving out deleted slots', async () => {
    const body = await json('/api/v1/accounts/1001/hooks/1/storage?timestamp=lte:0.000000010');
    expect(body.storage).toEqual([
      { key: `0x${word(1).toString('hex')}`, timestamp: '0.000000005', value: `0x${word(7).toString('hex')}` },
      { key: `0x${word(3).toString('hex')}`, timestamp: '0.000000007', value: `0x${word(9).toString('hex')}` },
    ]);
  });

  it('answers as the reference Java module: its limits and errors, undeclared keys ignored', async () => {
    const body = await json('/api/v1/accounts/1001/hooks/1/storage?limit=1&foo=bar');
    expect(body.storage).toHaveLength(1);
    expect(body.links.next).toBe(`/api/v1/accounts/1001/hooks/1/storage?limit=1&key=gt:0x${word(1).toString('hex')}`);
    const bad = (detail: string) => ({ _status: { messages: [{ data: null, detail, message: 'Bad Request' }] } });
    expect(await json('/api/v1/accounts/1001/hooks/x/storage')).toEqual(bad("Failed to convert 'hookId'"));
    expect(await json('/api/v1/accounts/1001/hooks/1/storage?timestamp=ne:5')).toEqual(bad("Failed to convert 'timestamp'"));
    expect(await json('/api/v1/accounts/1001/hooks/1/storage?limit=500')).toEqual({ _status: { messages: [{ message: 'limit must be less than or equal to 100' }] } });
    expect(await json('/api/v1/accounts/1001/hooks/1/storage?timestamp=1&timestamp=2&timestamp=3'))
      .toEqual({ _status: { messages: [{ message: 'timestamp size must be between 0 and 2' }] } });
    // A key that breaks its pattern is a violated constraint like the others, said together with them.
    expect(await json('/api/v1/accounts/1001/hooks/1/storage?key=xyz&key=0x01&limit=500')).toEqual({ _status: { messages: [
      { message: 'Key must be in format <hex> or <op>:<64 or less char hex>' }, { message: 'limit must be less than or equal to 100' },
    ] } });
    // The module's `@PathVariable @Min(0) long hookId`: a negative id converts, then breaks its constraint.
    expect(await json('/api/v1/accounts/1001/hooks/-1/storage?limit=500')).toEqual({ _status: { messages: [
      { message: 'hookId must be greater than or equal to 0' }, { message: 'limit must be less than or equal to 100' },
    ] } });
    expect((await json('/api/v1/accounts/1001/hooks/-0/storage')).hook_id).toBe(0);
  });
});
