import { describe, expect, it } from 'vitest';
import type { MirrordeskApi } from '../../../main/common/api-contract.ts';
import type { AccountInfo, AccountsResponse } from '../../../main/common/mirror-types.ts';
import { accountsPageLoader, fetchAccount } from '../../../renderer/src/lib/accounts-source.ts';

function account(id: string): AccountInfo {
  return {
    account: id, alias: null, auto_renew_period: null, balance: null, created_timestamp: null, decline_reward: false,
    deleted: false, ethereum_nonce: null, evm_address: null, expiry_timestamp: null, key: null,
    max_automatic_token_associations: null, memo: null, receiver_sig_required: null, staked_account_id: null,
    staked_node_id: null, stake_period_start: null,
  };
}

function fakeApi(response: AccountsResponse) {
  const queries: string[] = [];
  const api: Pick<MirrordeskApi, 'accounts'> = {
    accounts: { list: async ({ query }) => { queries.push(query); return { ok: true, value: response }; } },
  };
  return { api, queries };
}

describe('accounts source', () => {
  it('maps a response to a page whose next is the query of links.next', async () => {
    const { api } = fakeApi({ accounts: [account('0.0.3')], links: { next: '/api/v1/accounts?limit=100&account.id=gt:0.0.3' } });
    const result = await accountsPageLoader(api)('limit=100');
    expect(result).toEqual({ ok: true, value: { items: [account('0.0.3')], next: 'limit=100&account.id=gt:0.0.3' } });
  });

  it('asks for one account by id, without its transactions, and gives the account alone', async () => {
    const paths: string[] = [];
    const api = {
      mirror: {
        get: async ({ path }: { path: string }) => {
          paths.push(path);
          return { ok: true as const, value: { status: 200, body: { ...account('0.0.42'), transactions: [], links: { next: null } } } };
        },
      },
    } as unknown as Pick<MirrordeskApi, 'mirror'>;
    const result = await fetchAccount(api, '0.0.42');
    expect(paths).toEqual(['/api/v1/accounts/0.0.42?transactions=false']);
    expect(result).toEqual({ ok: true, value: account('0.0.42') });
  });
});
