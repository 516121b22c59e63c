import { describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../main/common/mirror-types.ts';
import { mergeConfig, defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { parseJsonLossless, stringifyJson } from '../../main/mirror/format/json-out.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { accountRowsOf } from '../../main/sync/account-rows.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';

/** An AccountInfo with every field set plainly; each case overrides what it is about. */
function account(num: number, patch: Partial<AccountInfo> = {}): AccountInfo {
  return {
    account: `0.0.${num}`, alias: null, auto_renew_period: 7776000,
    balance: { balance: 100, timestamp: '1700000000.000000001', tokens: [] },
    created_timestamp: '1600000000.123456789', decline_reward: false, delegation_address: '0x', deleted: false,
    ethereum_nonce: 0, evm_address: `0x${num.toString(16).padStart(40, '0')}`, expiry_timestamp: '1607776000.123456789',
    key: { _type: 'ED25519', key: 'a'.repeat(64) }, max_automatic_token_associations: 0, memo: '', pending_reward: 0,
    receiver_sig_required: false, staked_account_id: null, staked_node_id: null, stake_period_start: null,
    ...patch,
  };
}

const CASES: AccountInfo[] = [
  account(1001),
  account(1002, { key: { _type: 'ECDSA_SECP256K1', key: `02${'b'.repeat(64)}` }, alias: 'CIQAAAH4AY2OFK2FL37TSPYEQGPPUJRP4XTKWHD62HKPQX543DTOFFQ', evm_address: '0x' + 'c'.repeat(40) }),
  account(1003, { key: { _type: 'ProtobufEncoded', key: '2a0a0801120612040a0212' }, deleted: null, receiver_sig_required: null, memo: null }),
  account(1004, { staked_node_id: 3, stake_period_start: '1700006400.000000000', pending_reward: 123456 }),
  account(1005, { staked_node_id: 0, stake_period_start: null, pending_reward: 7 }),
  account(1006, { staked_account_id: '0.0.1001', decline_reward: true }),
  account(1007, { alias: 'AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQT', evm_address: '0x' + '0'.repeat(36) + '03ef' }),
  account(1008, { balance: { balance: 9_000_000_000_000_000_000n, timestamp: null, tokens: [{ token_id: '0.0.5', balance: 1 }, { token_id: '0.0.9', balance: 0 }] } }),
  account(1009, { delegation_address: '0x' + 'd'.repeat(40), ethereum_nonce: 12, max_automatic_token_associations: -1, expiry_timestamp: null, auto_renew_period: null, created_timestamp: null }),
  account(1010, { key: null, balance: { balance: null, timestamp: null, tokens: [] } }),
];

describe('upstream account rows', () => {
  it('store rows that the local API renders back to the very same JSON', async () => {
    const store = new LedgerStore({ file: ':memory:' });
    new AccountWriter(store.db).applyPage(CASES.map((info) => accountRowsOf(parseJsonLossless(stringifyJson(info)) as Record<string, unknown>)), null);
    const config = mergeConfig(defaultMirrorApiConfig(), { response: { enableDelegationAddress: true } });
    const api = createMirrorApi(store, () => config, false);
    const reply = await api.server.inject({ url: '/api/v1/accounts?limit=100' });
    const body = parseJsonLossless(reply.body) as { accounts: AccountInfo[] };
    expect(body.accounts).toEqual(CASES);
    store.close();
  });

  it('refuses values that do not fit their format rather than store a guess', () => {
    expect(() => accountRowsOf({ ...account(1), key: { _type: 'ED25519', key: 'abc' } } as unknown as Record<string, unknown>)).toThrow(/not a key/);
    expect(() => accountRowsOf({ ...account(1), created_timestamp: 'yesterday' } as unknown as Record<string, unknown>)).toThrow(/not a timestamp/);
    expect(() => accountRowsOf({ ...account(1), account: null } as unknown as Record<string, unknown>)).toThrow(/without an account id/);
  });

  it("replaces an account's token balances on a re-sync, keeping what lies beyond the 50 listed", () => {
    const store = new LedgerStore({ file: ':memory:' });
    const writer = new AccountWriter(store.db);
    const tokens = (ids: number[]) => ids.map((id) => ({ token_id: `0.0.${id}`, balance: id }));
    const page = (ids: number[]) => [accountRowsOf(account(1001, { balance: { balance: 1, timestamp: null, tokens: tokens(ids) } }) as unknown as Record<string, unknown>)];
    const held = () => store.db.prepare('SELECT token_id FROM token_account WHERE account_id = 1001 ORDER BY token_id').pluck().all();
    writer.applyPage(page([5, 6, 7]), null);
    writer.applyPage(page([5, 8]), null);
    expect(held()).toEqual([5, 8]);
    const fifty = Array.from({ length: 50 }, (_, i) => 100 + i);
    store.db.prepare('INSERT INTO token_account (account_id, token_id, associated, balance, timestamp_range_lower) VALUES (1001, 999, 1, 0, 0)').run();
    writer.applyPage(page(fifty), null);
    expect(held()).toEqual([...fifty, 999]);
    store.close();
  });
});
