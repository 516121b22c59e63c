import { afterEach, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { UpstreamReadThrough } from '../../main/sync/upstream-read-through.ts';
import { injectedGet } from './compare-mirrors.ts';
import { ScriptedUpstreams } from './scripted-upstream.ts';

// A by-id read-through from a scripted upstream that answers with the wrong entity: nothing of it is stored.
const upstreams = new ScriptedUpstreams();
afterEach(() => upstreams.closeAll());

function accountInfo(id: string, balance: number, memo: string): Record<string, unknown> {
  return {
    account: id, alias: null, auto_renew_period: 7776000, balance: { balance, timestamp: '1700000000.000000001', tokens: [] },
    created_timestamp: '1600000000.000000000', decline_reward: false, deleted: false, ethereum_nonce: 0, evm_address: null,
    expiry_timestamp: null, key: null, max_automatic_token_associations: 0, memo, pending_reward: 0, receiver_sig_required: false,
    staked_account_id: null, staked_node_id: null, stake_period_start: null, transactions: [], links: { next: null },
  };
}

describe('by-id read-through checks', () => {
  it('stores nothing of an answer that names another entity than the one asked for', async () => {
    const base = await upstreams.start((req, res) => {
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30002')) return json(accountInfo('0.0.2', 1, 'injected'));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30003')) return json(accountInfo('0.0.30003', 7, 'honest'));
      if (req.url?.startsWith('/api/v1/accounts/0.0.30003/tokens')) return json({ tokens: [], links: { next: null } });
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Not found"}]}}');
    });
    const store = new LedgerStore({ file: ':memory:' });
    const readThrough = new UpstreamReadThrough({ db: store.db, upstreamUrl: base, deadlineMs: 1500, offlineForMs: 30_000, absentForMs: 10_000, requestsPerSecond: 0, now: () => 0 });
    const get = injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false, { readThrough }));
    try {
      const wrong = await get('/api/v1/accounts/0.0.30002?transactions=false');
      expect(wrong.status).not.toBe(200);
      expect(store.db.prepare('SELECT count(*) FROM entity').pluck().get()).toBe(0);
      // The same upstream's honest answer is stored and served.
      const honest = await get('/api/v1/accounts/0.0.30003?transactions=false');
      expect(honest.status).toBe(200);
      expect(JSON.parse(honest.body)).toMatchObject({ account: '0.0.30003', memo: 'honest' });
    } finally {
      readThrough.close();
      store.close();
    }
  });
});
