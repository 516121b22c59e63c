import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrordeskApi, SyncStatus } from '../../../main/common/api-contract.ts';
import { balanceAt, balanceBasisText, balancesAt, changeIn, followedFor, followedForAll, followedOf, HBAR, hbarBalanceAt, unknownBalanceText } from '../../../renderer/src/lib/balance-at.ts';
import { nanosToTimestamp, timestampToNanos } from '../../../renderer/src/lib/ledger-format.ts';

/** A mirror answering from a table of paths; each path asked is recorded. */
function mirror(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const get = async (path: string): Promise<ApiResult<unknown>> => {
    asked.push(path);
    if (!(path in answers)) return { ok: false, error: { code: 'not-found', message: `no answer for ${path}`, details: [] } };
    return { ok: true, value: answers[path] };
  };
  return { asked, get };
}

const tx = (...transfers: Array<[string, number | bigint]>) => ({ transfers: transfers.map(([account, amount]) => ({ account, amount })) });
const SNAPSHOT = '/api/v1/balances?account.id=0.0.5&timestamp=lte:1700000100.000000000';
const SINCE = '/api/v1/transactions?account.id=0.0.5&timestamp=gt:1700000000.000000000&timestamp=lte:1700000100.000000000&order=asc&limit=100';

describe('hbarBalanceAt', () => {
  it("adds the account's own transfers since the snapshot, page after page", async () => {
    const { asked, get } = mirror({
      [SNAPSHOT]: { timestamp: '1700000000.000000000', balances: [{ account: '0.0.5', balance: 1_000, tokens: [] }] },
      [SINCE]: { transactions: [tx(['0.0.5', -300], ['0.0.98', 300]), tx(['0.0.7', 5], ['0.0.5', 2n ** 60n])], links: { next: '/page2' } },
      '/page2': { transactions: [tx(['0.0.5', -1])], links: { next: null } },
    });
    expect(await hbarBalanceAt(get, '0.0.5', '1700000100.000000000')).toEqual({
      kind: 'known', value: { balance: 1_000n - 300n + 2n ** 60n - 1n, from: 'snapshot', timestamp: '1700000000.000000000', transactions: 3 },
    });
    expect(asked).toEqual([SNAPSHOT, SINCE, '/page2']);
  });

  it('takes an account the snapshot does not list as holding nothing, and reads no transactions at the snapshot itself', async () => {
    // The mirror names no snapshot time for an account it does not list: any account's answer does.
    const own = '/api/v1/balances?account.id=0.0.5&timestamp=lte:1700000000.000000000';
    const any = '/api/v1/balances?timestamp=lte:1700000000.000000000&limit=1';
    const { asked, get } = mirror({ [own]: { timestamp: null, balances: [] }, [any]: { timestamp: '1700000000.000000000', balances: [{ account: '0.0.2', balance: 1 }] } });
    expect(await hbarBalanceAt(get, '0.0.5', '1700000000.000000000')).toEqual({ kind: 'known', value: { balance: 0n, from: 'snapshot', timestamp: '1700000000.000000000', transactions: 0 } });
    expect(asked).toEqual([own, any]);
  });

  it('says when there is no snapshot, when the account is too busy to add up, and when a read fails', async () => {
    const none = { timestamp: null, balances: [] };
    expect(await hbarBalanceAt(mirror({ [SNAPSHOT]: none, '/api/v1/balances?timestamp=lte:1700000100.000000000&limit=1': none }).get, '0.0.5', '1700000100.000000000')).toEqual({ kind: 'no-snapshot' });
    const endless = mirror({
      [SNAPSHOT]: { timestamp: '1700000000.000000000', balances: [] },
      [SINCE]: { transactions: [tx(['0.0.5', 1])], links: { next: SINCE } },
    });
    expect(await hbarBalanceAt(endless.get, '0.0.5', '1700000100.000000000', { maxPages: 3 })).toEqual({ kind: 'too-many', from: 'snapshot', timestamp: '1700000000.000000000', pages: 3 });
    expect(endless.asked).toHaveLength(4);
    const broken = mirror({ [SNAPSHOT]: { timestamp: '1700000000.000000000', balances: [] } });
    expect(await hbarBalanceAt(broken.get, '0.0.5', '1700000100.000000000')).toEqual({ kind: 'failed', message: `no answer for ${SINCE}` });
  });
});

describe('before the account was created', () => {
  const created = '1700000000.000000000';

  it('holds nothing, asking the mirror nothing, on a store with snapshots and on a synced one', async () => {
    const { asked, get } = mirror({});
    const before = '1699999999.999999999';
    const none = { kind: 'known', value: { balance: 0n, from: 'created', timestamp: created, transactions: 0 } };
    expect(await hbarBalanceAt(get, '0.0.5', before, { created })).toEqual(none);
    expect(await hbarBalanceAt(get, '0.0.5', before, { created, followed: { since: '1700000500.000000000', through: '1700000600.000000000' } })).toEqual(none);
    expect(await balancesAt(get, '0.0.5', [HBAR, { kind: 'token', token: '0.0.900' }], before, { created })).toEqual({
      kind: 'known', value: { balances: [0n, 0n], from: 'created', timestamp: created, transactions: 0 },
    });
    expect(asked).toEqual([]);
  });

  it('counts from the snapshot at the moment of creation itself, the account then made', async () => {
    const own = `/api/v1/balances?account.id=0.0.5&timestamp=lte:${created}`;
    const { asked, get } = mirror({ [own]: { timestamp: created, balances: [{ account: '0.0.5', balance: 40, tokens: [] }] } });
    expect(await hbarBalanceAt(get, '0.0.5', created, { created })).toEqual({ kind: 'known', value: { balance: 40n, from: 'snapshot', timestamp: created, transactions: 0 } });
    expect(asked).toEqual([own]);
  });

  it('says so in words, with the time it was created', () => {
    expect(balanceBasisText({ balance: 0n, from: 'created', timestamp: created, transactions: 0 })).toBe('before the account was created (2023-11-14 22:13:20 UTC)');
  });
});

describe('timestamps as nanoseconds', () => {
  it('go both ways, refusing what is not a timestamp', () => {
    expect(nanosToTimestamp(1_700_000_000_000_000_001n)).toBe('1700000000.000000001');
    expect(timestampToNanos('1700000000.000000001')).toBe(1_700_000_000_000_000_001n);
    expect(timestampToNanos('1700000000.1')).toBeNull();
    expect(timestampToNanos('abc')).toBeNull();
  });
});

describe('balanceBasisText', () => {
  it('names the snapshot, and the transactions added to it when there are any', () => {
    expect(balanceBasisText({ balance: 1n, from: 'snapshot', timestamp: '1699920000.000000000', transactions: 0 })).toBe('snapshot of 2023-11-14 00:00:00 UTC');
    expect(balanceBasisText({ balance: 1n, from: 'snapshot', timestamp: '1699920000.000000000', transactions: 1 })).toBe('snapshot of 2023-11-14 00:00:00 UTC + 1 transaction');
  });
});

describe('unknownBalanceText', () => {
  it('says why, naming the moment and the snapshot', () => {
    expect(unknownBalanceText({ kind: 'no-snapshot' }, '1700000000.000000000')).toBe('Not known: the local mirror holds no balance snapshot from before 2023-11-14 22:13:20 UTC.');
    expect(unknownBalanceText({ kind: 'too-many', from: 'snapshot', timestamp: '1699920000.000000000', pages: 20 }, '1700000000.000000000'))
      .toBe('Not worked out: more than 2,000 transactions of this account between the snapshot of 2023-11-14 00:00:00 UTC and 2023-11-14 22:13:20 UTC.');
    expect(unknownBalanceText({ kind: 'failed', message: 'mirror down' }, '1700000000.000000000')).toBe('Could not work it out: mirror down');
  });
});

describe('token balances', () => {
  const moved = {
    transfers: [{ account: '0.0.5', amount: -10 }],
    token_transfers: [{ token_id: '0.0.900', account: '0.0.5', amount: -3 }, { token_id: '0.0.900', account: '0.0.6', amount: 3 }, { token_id: '0.0.901', account: '0.0.5', amount: 7 }],
    nft_transfers: [{ token_id: '0.0.950', serial_number: 1, sender_account_id: '0.0.5', receiver_account_id: '0.0.6' }, { token_id: '0.0.950', serial_number: 2, sender_account_id: null, receiver_account_id: '0.0.5' }],
  };

  it("a transaction's change of one token: its units, or the serials in and out", () => {
    expect(changeIn(moved, '0.0.5', HBAR)).toBe(-10n);
    expect(changeIn(moved, '0.0.5', { kind: 'token', token: '0.0.900' })).toBe(-3n);
    expect(changeIn(moved, '0.0.5', { kind: 'token', token: '0.0.901' })).toBe(7n);
    expect(changeIn(moved, '0.0.5', { kind: 'token', token: '0.0.950' })).toBe(0n);
    expect(changeIn(moved, '0.0.6', { kind: 'token', token: '0.0.950' })).toBe(1n);
  });

  it('reads the token from the snapshot, and from the account answer when /balances lists its 50 first only', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ token_id: `0.0.${100 + i}`, balance: 1 }));
    const { get } = mirror({
      [SNAPSHOT]: { timestamp: '1700000000.000000000', balances: [{ account: '0.0.5', balance: 1, tokens: fifty }] },
      [SINCE]: { transactions: [moved], links: { next: null } },
      '/api/v1/accounts/0.0.5?transactions=false&timestamp=lte:1700000100.000000000': { balance: { tokens: [...fifty, { token_id: '0.0.900', balance: 40 }] } },
    });
    expect(await balanceAt(get, '0.0.5', { kind: 'token', token: '0.0.900' }, '1700000100.000000000')).toEqual({ kind: 'known', value: { balance: 37n, from: 'snapshot', timestamp: '1700000000.000000000', transactions: 1 } });
    expect(await balanceAt(get, '0.0.5', { kind: 'token', token: '0.0.120' }, '1700000100.000000000')).toMatchObject({ kind: 'known', value: { balance: 1n } });
  });

  it('works out several balances of one account from one reading of the snapshot and the transactions since', async () => {
    const { asked, get } = mirror({
      [SNAPSHOT]: { timestamp: '1700000000.000000000', balances: [{ account: '0.0.5', balance: 100, tokens: [{ token_id: '0.0.900', balance: 40 }] }] },
      [SINCE]: { transactions: [moved], links: { next: null } },
    });
    const assets = [HBAR, { kind: 'token' as const, token: '0.0.900' }, { kind: 'token' as const, token: '0.0.950' }];
    expect(await balancesAt(get, '0.0.5', assets, '1700000100.000000000')).toEqual({
      kind: 'known', value: { balances: [90n, 37n, 0n], from: 'snapshot', timestamp: '1700000000.000000000', transactions: 1 },
    });
    expect(asked).toEqual([SNAPSHOT, SINCE]);
  });
});

describe('on a synced profile: back from the balance now', () => {
  const followed = { since: '1700000000.000000000', through: '1700000500.000000000' };
  const NOW = '/api/v1/accounts/0.0.5?transactions=false';
  const AFTER = '/api/v1/transactions?account.id=0.0.5&timestamp=gt:1700000100.000000000&order=asc&limit=100';
  const moved = {
    transfers: [{ account: '0.0.5', amount: -10 }, { account: '0.0.98', amount: 10 }],
    token_transfers: [{ token_id: '0.0.900', account: '0.0.5', amount: 7 }],
    nft_transfers: [{ token_id: '0.0.950', serial_number: 3, sender_account_id: '0.0.6', receiver_account_id: '0.0.5' }],
  };

  it("takes the account's later transfers off its balance now, page after page, and reads no snapshot", async () => {
    const { asked, get } = mirror({
      [NOW]: { balance: { balance: 1_000, timestamp: '1700000400.000000000', tokens: [{ token_id: '0.0.900', balance: 50 }, { token_id: '0.0.950', balance: 2 }] } },
      [AFTER]: { transactions: [moved], links: { next: '/page2' } },
      '/page2': { transactions: [tx(['0.0.5', 2n ** 60n])], links: { next: null } },
    });
    const assets = [HBAR, { kind: 'token' as const, token: '0.0.900' }, { kind: 'token' as const, token: '0.0.950' }, { kind: 'token' as const, token: '0.0.999' }];
    expect(await balancesAt(get, '0.0.5', assets, '1700000100.000000000', { followed })).toEqual({
      kind: 'known', value: { balances: [1_000n + 10n - 2n ** 60n, 43n, 1n, 0n], from: 'now', timestamp: '1700000400.000000000', transactions: 2 },
    });
    expect(asked).toEqual([NOW, AFTER, '/page2']);
  });

  it('says a moment before following began is not known, without counting from the upstream\'s snapshot through transactions the store lacks', async () => {
    const before = '1699999999.000000000';
    const own = `/api/v1/balances?account.id=0.0.5&timestamp=lte:${before}`;
    const any = `/api/v1/balances?timestamp=lte:${before}&limit=1`;
    // The snapshot a synced profile relays from its upstream: there, but no use without the transactions since.
    const snapshot = { timestamp: '1699990000.000000000', balances: [{ account: '0.0.5', balance: 7, tokens: [] }] };
    const { get, asked } = mirror({ [own]: snapshot, [any]: snapshot });
    expect(await hbarBalanceAt(get, '0.0.5', before, { followed })).toEqual({ kind: 'before-following', since: followed.since });
    expect(asked).toEqual([]);
    // The moment following began is covered: nothing after it is missing.
    const atStart = mirror({ [NOW]: { balance: { balance: 5, timestamp: '1600000000.000000000', tokens: [] } }, '/api/v1/transactions?account.id=0.0.5&timestamp=gt:1700000000.000000000&order=asc&limit=100': { transactions: [], links: { next: null } } });
    expect(await hbarBalanceAt(atStart.get, '0.0.5', followed.since, { followed })).toEqual({ kind: 'known', value: { balance: 5n, from: 'now', timestamp: '1600000000.000000000', transactions: 0 } });
  });

  it('waits for the sync when the balance now is newer than what it has followed, and stops at too many transactions', async () => {
    const ahead = mirror({ [NOW]: { balance: { balance: 1, timestamp: '1700000600.000000000', tokens: [] } } });
    expect(await hbarBalanceAt(ahead.get, '0.0.5', '1700000100.000000000', { followed })).toEqual({ kind: 'catching-up', balanceTimestamp: '1700000600.000000000', through: followed.through });
    expect(ahead.asked).toEqual([NOW]);
    const endless = mirror({ [NOW]: { balance: { balance: 1, timestamp: '1700000400.000000000', tokens: [] } }, [AFTER]: { transactions: [moved], links: { next: AFTER } } });
    expect(await hbarBalanceAt(endless.get, '0.0.5', '1700000100.000000000', { followed, maxPages: 2 })).toEqual({ kind: 'too-many', from: 'now', timestamp: '1700000400.000000000', pages: 2 });
    expect(await hbarBalanceAt(mirror({}).get, '0.0.5', '1700000100.000000000', { followed })).toEqual({ kind: 'failed', message: `no answer for ${NOW}` });
  });

  it('names its basis and why it does not know, in words', () => {
    expect(balanceBasisText({ balance: 1n, from: 'now', timestamp: '1699920000.000000000', transactions: 0 })).toBe('balance as of 2023-11-14 00:00:00 UTC');
    expect(balanceBasisText({ balance: 1n, from: 'now', timestamp: '1699920000.000000000', transactions: 3 })).toBe('balance as of 2023-11-14 00:00:00 UTC less 3 later transactions');
    expect(unknownBalanceText({ kind: 'before-following', since: '1699920000.000000000' }, '1600000000.000000000'))
      .toBe("Not known: this profile holds the account's transactions after 2023-11-14 00:00:00 UTC, and none from before.");
    expect(unknownBalanceText({ kind: 'catching-up', balanceTimestamp: '1700000000.000000000', through: '1699920000.000000000' }, '1600000000.000000000'))
      .toBe('Not known yet: the account\'s balance is as of 2023-11-14 22:13:20 UTC, and the sync has followed transactions up to 2023-11-14 00:00:00 UTC. Open this again once it has caught up.');
    expect(unknownBalanceText({ kind: 'too-many', from: 'now', timestamp: '1700000000.000000000', pages: 20 }, '1699920000.000000000'))
      .toBe('Not worked out: more than 2,000 transactions of this account between 2023-11-14 00:00:00 UTC and now.');
  });

  it("reads what the open profile holds of an account from its sync status and the account's fetched history: nothing for the demo or when the status cannot be read", async () => {
    const status = { followedSince: '1700000000.000000000', lastTransactionTimestamp: '1700000500.000000000' } as SyncStatus;
    expect(followedOf(status)).toEqual(followed);
    expect(followedOf({ ...status, lastTransactionTimestamp: null })).toEqual({ since: followed.since, through: followed.since });
    expect(followedOf({ ...status, followedSince: null })).toBeNull();
    const history = (heldSince: string | null) => async () => ({ ok: true, value: { account: '0.0.5', heldSince, complete: false, fetched: 0 } });
    const sync = (answers: Record<string, unknown>) => ({ sync: answers }) as unknown as Pick<MirrordeskApi, 'sync'>;
    expect(await followedFor(sync({ status: async () => ({ ok: true, value: status }), accountHistory: history(followed.since) }), '0.0.5')).toEqual(followed);
    // The account's older history was fetched: it is held from further back.
    expect(await followedFor(sync({ status: async () => ({ ok: true, value: status }), accountHistory: history('1600000000.000000000') }), '0.0.5'))
      .toEqual({ since: '1600000000.000000000', through: followed.through });
    expect(await followedFor(sync({ status: async () => ({ ok: true, value: { ...status, followedSince: null } }) }), '0.0.5')).toBeNull();
    expect(await followedFor(sync({ status: async () => ({ ok: false, error: { code: 'unavailable', message: 'gone', details: [] } }) }), '0.0.5')).toBeNull();
    // Several accounts: the status is read once, each account's history once.
    const asked: string[] = [];
    const counted = sync({
      status: async () => { asked.push('status'); return { ok: true, value: status }; },
      accountHistory: async ({ account }: { account: string }) => { asked.push(account); return { ok: true, value: { account, heldSince: account === '0.0.6' ? '1600000000.000000000' : followed.since, complete: false, fetched: 0 } }; },
    });
    expect(await followedForAll(counted, ['0.0.5', '0.0.6'])).toEqual([followed, { since: '1600000000.000000000', through: followed.through }]);
    expect(asked).toEqual(['status', '0.0.5', '0.0.6']);
  });
});
