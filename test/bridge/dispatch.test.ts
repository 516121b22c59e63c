import { afterAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../main/bridge/api-error.ts';
import { createDispatcher } from '../../main/bridge/dispatch.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { createStatusHandlers } from '../../main/services/status-handlers.ts';
import { bridgeFixture, READY_INFO } from './bridge-fixture.ts';
import { createVerifyHandlers } from '../../main/services/verify-handlers.ts';

const fixture = bridgeFixture();
afterAll(() => fixture.dispose());

describe('the typed API dispatcher', () => {
  it('returns for accounts/list exactly what GET /api/v1/accounts returns', async () => {
    for (const query of ['', 'limit=3&order=desc', 'account.balance=gte:50&balance=false', 'account.id=gt:0.0.4&limit=2']) {
      const viaApi = await fixture.dispatch('accounts/list', { query });
      const viaHttp = await fixture.mirror.server.inject({ method: 'GET', url: `/api/v1/accounts?${query}` });
      expect(viaApi).toEqual({ ok: true, value: parseJsonLossless(viaHttp.body) });
    }
  });

  it('accepts a leading "?" on the query', async () => {
    const result = await fixture.dispatch('accounts/list', { query: '?limit=1' });
    expect(result.ok && (result.value as { accounts: unknown[] }).accounts).toHaveLength(1);
  });

  it('turns invalid queries into invalid-input errors naming each problem', async () => {
    const result = await fixture.dispatch('accounts/list', { query: 'limit=0&nope=1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const details = result.ok ? [] : result.error.details;
    expect(details.join('\n')).toMatch(/limit/);
    expect(details.join('\n')).toMatch(/nope/);
  });

  it('rejects repeated parameters beyond the configured limit', async () => {
    const query = Array.from({ length: 101 }, () => 'account.id=gt:1').join('&');
    const result = await fixture.dispatch('accounts/list', { query });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it.each([
    ['unknown channel', 'accounts/delete', { query: '' }, 'not-found'],
    ['non-string channel', 42, null, 'not-found'],
    ['missing request', 'accounts/list', null, 'invalid-input'],
    ['array request', 'accounts/list', ['limit=1'], 'invalid-input'],
    ['query of wrong type', 'accounts/list', { query: 5 }, 'invalid-input'],
    ['extra field', 'accounts/list', { query: '', admin: true }, 'invalid-input'],
    ['oversized query', 'accounts/list', { query: 'x'.repeat(9000) }, 'invalid-input'],
    ['request on a no-argument call', 'app/info', { anything: 1 }, 'invalid-input'],
    ["an account's history for no account id", 'sync/account-history', { account: '0.0.x', fetch: true }, 'invalid-input'],
    ["an account's history without the fetch flag", 'sync/account-history', { account: '0.0.1234' }, 'invalid-input'],
    // Shaped like ids, but beyond what an id can hold (number 2^38 - 1, realm 65535, shard 1023).
    ["an account's history for an account number out of range", 'sync/account-history', { account: '0.0.999999999999', fetch: false }, 'invalid-input'],
    ["a topic's history for a shard out of range", 'sync/topic-history', { topic: '1024.0.1', fetch: false }, 'invalid-input'],
    ["an account's history with a flag that is not a boolean", 'sync/account-history', { account: '0.0.1234', fetch: 'yes' }, 'invalid-input'],
    ["an account's history with an extra field", 'sync/account-history', { account: '0.0.1234', fetch: false, url: 'http://elsewhere' }, 'invalid-input'],
    ["a topic's history for no topic id", 'sync/topic-history', { topic: 'topic', fetch: true }, 'invalid-input'],
    ["a topic's history asked by account", 'sync/topic-history', { account: '0.0.9000', fetch: true }, 'invalid-input'],
    ["a topic's history with a flag that is not a boolean", 'sync/topic-history', { topic: '0.0.9000', fetch: 1 }, 'invalid-input'],
    ["a topic's history as a bare id", 'sync/topic-history', '0.0.9000', 'invalid-input'],
    ['a retention of no days', 'sync/retention', { keepDays: 0 }, 'invalid-input'],
    ['a retention of part of a day', 'sync/retention', { keepDays: 1.5 }, 'invalid-input'],
    ['a retention beyond ten years', 'sync/retention', { keepDays: 3651 }, 'invalid-input'],
    ['a retention given as text', 'sync/retention', { keepDays: '7' }, 'invalid-input'],
    ['a retention without its field', 'sync/retention', {}, 'invalid-input'],
    ['a compaction with a request', 'sync/compact', { vacuum: true }, 'invalid-input'],
  ])('answers %s with a typed error', async (_name, channel, request, code) => {
    const result = await fixture.dispatch(channel, request);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(result.ok ? '' : result.error.message).not.toBe('');
  });

  it('serves app/info and network/status', async () => {
    expect(await fixture.dispatch('network/status', null)).toEqual({ ok: true, value: READY_INFO });
    const info = await fixture.dispatch('app/info', undefined);
    expect(info).toMatchObject({ ok: true, value: { version: '9.9.9', shell: 'web', services: { mirror: 'http://127.0.0.1:1' } } });
  });

  const notHere = () => { throw new ApiFailure('unavailable', 'no sync here'); };
  const noSync = { 'sync/status': notHere, 'sync/pause': notHere, 'sync/resume': notHere, 'sync/resync': notHere, 'sync/account-history': notHere, 'sync/topic-history': notHere, 'sync/retention': notHere, 'sync/compact': notHere, 'network/switch': notHere, 'network/profiles': notHere, 'network/profiles/save': notHere, 'network/profiles/delete': notHere, 'network/profiles/check': notHere, 'mirror/get': notHere, 'mirror/call': notHere, ...createVerifyHandlers({ verify: () => null, session: notHere }).handlers };

  it('logs an unexpected handler failure and answers a generic internal error', async () => {
    const logged: string[] = [];
    const failing = createDispatcher({
      'app/info': () => { throw new Error('disk on fire'); },
      'network/status': () => { throw new ApiFailure('unavailable', 'not yet'); },
      'accounts/list': () => ({ accounts: [], links: { next: null } }),
      ...createStatusHandlers(() => null),
      ...noSync,
    }, (line) => logged.push(line));
    expect(await failing('app/info', null)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(await failing('app/info', null))).not.toContain('disk on fire');
    expect(logged[0]).toContain('disk on fire');
    expect(await failing('network/status', null)).toEqual({ ok: false, error: { code: 'unavailable', message: 'not yet', details: [] } });
  });
});
