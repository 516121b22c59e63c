import { afterAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../main/common/mirror-types.ts';
import type { SyncStatus } from '../../main/common/sync-types.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi } from '../../main/mirror/mirror-api.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { accountRowsOf } from '../../main/sync/account-rows.ts';
import { scheduleRowsOf } from '../../main/sync/schedule-rows.ts';
import { scheduleUpserter } from '../../main/sync/schedule-writer.ts';
import { AccountWriter } from '../../main/sync/account-writer.ts';
import { SyncEngine } from '../../main/sync/sync-engine.ts';
import { tokenRowsOf } from '../../main/sync/token-rows.ts';
import { tokenUpserter } from '../../main/sync/token-writer.ts';
import { PAGES_PER_COMMIT, tokenHoldingsTouched, touchedAccounts, touchedEntities } from '../../main/sync/transactions-follow.ts';
import { comparePages, injectedGet, type Get } from './compare-mirrors.ts';
import { answerTransactionsPage, ScriptedUpstreams, tokenInfo } from './scripted-upstream.ts';
import { startUntilCaughtUp } from './caught-up.ts';

function account(num: number, balance: number): AccountInfo {
  return {
    account: `0.0.${num}`, alias: null, auto_renew_period: 7776000, balance: { balance, timestamp: '1700000000.000000001', tokens: [] },
    created_timestamp: '1600000000.000000000', decline_reward: false, deleted: false, ethereum_nonce: 0,
    evm_address: `0x${num.toString(16).padStart(40, '0')}`, expiry_timestamp: null, key: null, max_automatic_token_associations: 0,
    memo: '', pending_reward: 0, receiver_sig_required: false, staked_account_id: null, staked_node_id: null, stake_period_start: null,
  };
}

/**
 * An upstream with a transactions endpoint: the accounts list is the real mirror API over a
 * store the test changes, and `/api/v1/transactions` answers from a list the test appends to.
 */
const upstreamStore = new LedgerStore({ file: ':memory:' });
const upstreamWriter = new AccountWriter(upstreamStore.db);
const upstreamApi = createMirrorApi(upstreamStore, defaultMirrorApiConfig, false);
const transactions: Array<Record<string, unknown>> = [];
const upstreams = new ScriptedUpstreams();
/** Most repeated `account.id` parameters the upstream accepts, as a mirror node configured below the default would. */
let maxRepeated = Infinity;
/** Accounts list requests the upstream answered (refused ones included). */
const accountRequests: number[] = [];
/** The accounts whose token relationships (`/api/v1/accounts/{id}/tokens`) were asked for, a page a time. */
const relationshipRequests: string[] = [];
/** By-id paths answered with another path's answer, as a proxy mixing answers up would. */
const misanswered = new Map<string, string>();
/** A transactions page asked for after this timestamp answers 404 so many times, as an upstream that lost it for a moment. */
let lostPage: { after: string; times: number } | null = null;
const ready = upstreams.start(async (req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname === '/api/v1/accounts' && url.searchParams.has('account.id')) {
    const repeated = url.searchParams.getAll('account.id').length;
    accountRequests.push(repeated);
    if (repeated > maxRepeated) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ _status: { messages: [{ message: `Too many repeated parameters: account.id` }] } }));
      return;
    }
  }
  const relationships = /^\/api\/v1\/accounts\/([^/]+)\/tokens$/.exec(url.pathname);
  if (relationships) relationshipRequests.push(relationships[1]!);
  if (url.pathname === '/api/v1/transactions') {
    const after = url.searchParams.get('timestamp')?.replace('gt:', '');
    if (after !== undefined && after === lostPage?.after && lostPage.times > 0) {
      lostPage.times -= 1;
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } }));
      return;
    }
    answerTransactionsPage(url, transactions, res);
    return;
  }
  if (url.pathname.startsWith('/api/v1/transactions/')) {
    const id = url.pathname.slice('/api/v1/transactions/'.length);
    const scheduled = url.searchParams.get('scheduled');
    const found = transactions.filter((t) => t.transaction_id === id && (scheduled === null || String(t.scheduled === true) === scheduled));
    res.writeHead(found.length > 0 ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found.length > 0 ? { transactions: found } : { _status: { messages: [{ message: 'Not found' }] } }));
    return;
  }
  const reply = await upstreamApi.server.inject({ url: misanswered.get(req.url!) ?? req.url! });
  res.writeHead(reply.statusCode, { 'content-type': 'application/json' }).end(reply.body);
});
afterAll(() => upstreams.closeAll());

const upsertToken = tokenUpserter(upstreamStore.db);
const upsertSchedule = scheduleUpserter(upstreamStore.db);

/** Schedule 0.0.3001 as `/api/v1/schedules/{id}` shows it after the given signatures and execution. */
function schedule(signatures: Array<[string, string]>, executed: string | null): Record<string, unknown> {
  return {
    admin_key: null, consensus_timestamp: '500.000000000', creator_account_id: '0.0.1001', deleted: false, executed_timestamp: executed,
    expiration_time: '900.000000000', memo: 'pay later', payer_account_id: '0.0.1001', schedule_id: '0.0.3001',
    signatures: signatures.map(([at, prefix]) => ({ consensus_timestamp: at, public_key_prefix: prefix, signature: 'AgIC', type: 'ED25519' })),
    transaction_body: 'CgQQARgC', wait_for_expiry: true,
  };
}

/** The followed token as `/api/v1/tokens/{id}` shows it: a fixed fee, and the supply and modification time given. */
function token(num: number, totalSupply: number, modified: string): Record<string, unknown> {
  return tokenInfo(num, {
    custom_fees: { created_timestamp: '150.000000000', fixed_fees: [{ all_collectors_are_exempt: false, amount: 5, collector_account_id: '0.0.1001', denominating_token_id: null }], fractional_fees: [] },
    memo: 'follow me', modified_timestamp: modified, name: 'Followed', symbol: 'FLW', total_supply: String(totalSupply), treasury_account_id: '0.0.1001',
  });
}

function put(...accounts: AccountInfo[]): void {
  upstreamWriter.applyPage(accounts.map((a) => accountRowsOf(a as unknown as Record<string, unknown>)), null);
}

const injectGet = (store: LedgerStore): Get => injectedGet(createMirrorApi(store, defaultMirrorApiConfig, false));

/** A fresh store whose sync has crawled the upstream and follows its transactions from now on. */
async function caughtUpSync(onStatus?: (status: SyncStatus) => void, errorRetryMs?: number): Promise<{ local: LedgerStore; engine: SyncEngine }> {
  const local = new LedgerStore({ file: ':memory:' });
  const engine = new SyncEngine({
    profile: 't', db: local.db, upstreamUrl: await ready, requestsPerSecond: 0, followIntervalMs: 20, ...(onStatus ? { onStatus } : {}), ...(errorRetryMs ? { errorRetryMs } : {}),
  });
  await startUntilCaughtUp(engine);
  return { local, engine };
}

describe('incremental updates from the transactions', () => {
  it('names every party of a transaction as touched', () => {
    expect(touchedAccounts([{
      transaction_id: '0.0.2-1700000000-000000001', entity_id: '0.0.900',
      transfers: [{ account: '0.0.3', amount: 1 }], token_transfers: [{ account: '0.0.7', token_id: '0.0.800' }],
      nft_transfers: [{ receiver_account_id: '0.0.8', sender_account_id: null }], staking_reward_transfers: [{ account: '0.0.9' }],
    }]).sort()).toEqual(['0.0.2', '0.0.3', '0.0.7', '0.0.8', '0.0.9', '0.0.900']);
  });

  it('after the crawl, re-fetches the accounts that new transactions touched', async () => {
    const base = await ready;
    put(account(1001, 10), account(1002, 20), account(1003, 30));
    transactions.push({ consensus_timestamp: '100.000000000', name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: '0.0.1001-99-0', transfers: [] });

    const local = new LedgerStore({ file: ':memory:' });
    const engine = new SyncEngine({ profile: 't', db: local.db, upstreamUrl: base, requestsPerSecond: 0, followIntervalMs: 20 });
    let caughtUp = engine.caughtUp();
    engine.start();
    await caughtUp;
    expect((await comparePages(injectGet(upstreamStore), injectGet(local))).differences).toEqual([]);

    // New activity upstream: a transfer between 1002 and a new account 1004.
    put(account(1002, 15), account(1004, 5));
    transactions.push({ consensus_timestamp: '200.000000001', name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: '0.0.1002-199-0', transfers: [{ account: '0.0.1002', amount: -5 }, { account: '0.0.1004', amount: 5 }] });
    caughtUp = engine.caughtUp();
    await caughtUp;
    caughtUp = engine.caughtUp();
    await caughtUp;

    // A token created, then minted: the followed transactions name it, so its record is re-fetched.
    upstreamStore.db.transaction(() => upsertToken(tokenRowsOf(token(2001, 1000, '300.000000000'))))();
    transactions.push({ consensus_timestamp: '300.000000000', name: 'TOKENCREATION', result: 'SUCCESS', entity_id: '0.0.2001', transaction_id: '0.0.1001-299-0', transfers: [] });
    await engine.caughtUp();
    await engine.caughtUp();
    expect((await injectGet(local)('/api/v1/tokens/0.0.2001')).body).toBe((await injectGet(upstreamStore)('/api/v1/tokens/0.0.2001')).body);
    upstreamStore.db.transaction(() => upsertToken(tokenRowsOf(token(2001, 1500, '400.000000000'))))();
    transactions.push({ consensus_timestamp: '400.000000000', name: 'TOKENMINT', result: 'SUCCESS', entity_id: '0.0.2001', transaction_id: '0.0.1001-399-0', transfers: [] });
    await engine.caughtUp();
    await engine.caughtUp();
    const minted = await injectGet(local)('/api/v1/tokens/0.0.2001');
    expect(JSON.parse(minted.body)).toMatchObject({ total_supply: '1500', memo: 'follow me' });
    expect(minted.body).toBe((await injectGet(upstreamStore)('/api/v1/tokens/0.0.2001')).body);
    expect(touchedEntities([{ name: 'TOKENASSOCIATE', entity_id: '0.0.5' }, { name: 'TOKENMINT', entity_id: '0.0.6' }, { name: 'CRYPTOTRANSFER', entity_id: '0.0.7' }], /^TOKEN(?!ASSOCIATE|DISSOCIATE)/)).toEqual(['0.0.6']);

    const { pages, differences } = await comparePages(injectGet(upstreamStore), injectGet(local));
    expect(pages).toBeGreaterThan(5);
    expect(differences).toEqual([]);
    // Following began after the upstream's newest transaction when the sync started, and stays put as the mark moves on.
    expect(engine.status()).toMatchObject({ state: 'following', lastTransactionTimestamp: '400.000000000', followedSince: '100.000000000', accountsInStore: 4, completedPasses: 1 });
    await engine.close();
  });

  it('re-fetches a schedule when it is created, signed, and executed at its expiry, when no transaction names it', async () => {
    const { local, engine } = await caughtUpSync();
    const step = async (info: Record<string, unknown>, ...followed: Array<Record<string, unknown>>): Promise<void> => {
      upstreamStore.db.transaction(() => upsertSchedule(scheduleRowsOf(info)))();
      transactions.push(...followed);
      await engine.caughtUp();
      await engine.caughtUp();
      expect((await injectGet(local)('/api/v1/schedules/0.0.3001')).body).toBe((await injectGet(upstreamStore)('/api/v1/schedules/0.0.3001')).body);
    };
    await step(schedule([['500.000000000', 'AQEB']], null),
      { consensus_timestamp: '500.000000000', name: 'SCHEDULECREATE', result: 'SUCCESS', entity_id: '0.0.3001', scheduled: false, transaction_id: '0.0.1001-499-0', transfers: [] });
    await step(schedule([['500.000000000', 'AQEB'], ['600.000000000', 'AwMD']], null),
      { consensus_timestamp: '600.000000000', name: 'SCHEDULESIGN', result: 'SUCCESS', entity_id: '0.0.3001', scheduled: false, transaction_id: '0.0.1002-599-0', transfers: [] });
    // The execution names the account it paid, not the schedule; its id is the SCHEDULECREATE's.
    await step(schedule([['500.000000000', 'AQEB'], ['600.000000000', 'AwMD']], '900.000000001'),
      { consensus_timestamp: '900.000000001', name: 'CRYPTOTRANSFER', result: 'SUCCESS', entity_id: null, scheduled: true, transaction_id: '0.0.1001-499-0', transfers: [] });
    expect(JSON.parse((await injectGet(local)('/api/v1/schedules/0.0.3001')).body)).toMatchObject({ executed_timestamp: '900.000000001', signatures: [{}, {}] });
    await engine.close();
  });

  it('re-fetches the accounts of a busy page in batches, halving a batch an upstream refuses as too many repeated parameters', async () => {
    const { local, engine } = await caughtUpSync();
    // One transaction touching 10 accounts, on an upstream that takes at most 3 account.id at a time.
    put(...Array.from({ length: 10 }, (_, i) => account(1100 + i, 1000 + i)));
    transactions.push({
      consensus_timestamp: '2000.000000000', name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: '0.0.1100-1999-0',
      transfers: Array.from({ length: 10 }, (_, i) => ({ account: `0.0.${1100 + i}`, amount: i === 0 ? -45 : i })),
    });
    maxRepeated = 3;
    accountRequests.length = 0;
    await engine.caughtUp();
    await engine.caughtUp();
    maxRepeated = Infinity;
    expect(Math.max(...accountRequests)).toBe(10);
    expect(accountRequests.filter((n) => n > 3).length).toBeGreaterThan(0);
    const upstreamGet = injectGet(upstreamStore);
    for (let i = 0; i < 10; i++) expect((await injectGet(local)(`/api/v1/accounts/0.0.${1100 + i}?transactions=false`)).body).toBe((await upstreamGet(`/api/v1/accounts/0.0.${1100 + i}?transactions=false`)).body);
    await engine.close();
  });

  it('follows a backlog several pages to a commit: an account every page touched is re-fetched once a commit, and a page lost part way is asked for again', async () => {
    const statuses: SyncStatus[] = [];
    const { local, engine } = await caughtUpSync((status) => statuses.push(status));
    put(account(1200, 1_000_000), account(1201, 0));
    // Transfers from 1200 to 1201: five pages of 100 more than a commit takes.
    const pages = PAGES_PER_COMMIT + 5;
    const backlog = Array.from({ length: pages * 100 }, (_, i) => ({
      consensus_timestamp: `${3000 + i}.000000000`, name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: `0.0.1200-${2999 + i}-000000000`,
      transfers: [{ account: '0.0.1200', amount: -1 }, { account: '0.0.1201', amount: 1 }],
    }));
    // The fourth page is not there the first two times: the three before it are stored, and following
    // goes on from the last of them once the next link it was given is not found either.
    lostPage = { after: backlog[299]!.consensus_timestamp, times: 2 };
    accountRequests.length = 0;
    const statusesBefore = statuses.length;
    const markBefore = engine.status().lastTransactionTimestamp;
    transactions.push(...backlog);
    await engine.caughtUp();
    await engine.caughtUp();
    await engine.caughtUp();
    expect(lostPage.times).toBe(0);
    // Pages 1-3 (cut short by the lost page), then a full commit, then the last two: one accounts re-fetch each.
    expect(accountRequests).toEqual([2, 2, 2]);
    // Every transaction stored once, each as the upstream gave it.
    const stored = local.db.prepare('SELECT consensus_timestamp FROM "transaction" WHERE consensus_timestamp >= ? ORDER BY consensus_timestamp').safeIntegers(true).pluck().all(3000n * 10n ** 9n) as bigint[];
    expect(stored).toEqual(backlog.map((tx) => BigInt(tx.consensus_timestamp.split('.')[0]!) * 10n ** 9n));
    const lastPage = backlog.slice(-100);
    const page = JSON.parse((await injectGet(local)(`/api/v1/transactions?timestamp=gte:${lastPage[0]!.consensus_timestamp}&order=asc&limit=100`)).body) as { transactions: Array<{ transaction_id: string }> };
    expect(page.transactions.map((tx) => tx.transaction_id)).toEqual(lastPage.map((tx) => tx.transaction_id));
    expect(engine.status()).toMatchObject({ state: 'following', lastTransactionTimestamp: backlog.at(-1)!.consensus_timestamp, upstreamNewestTimestamp: null });
    // Behind, it said so (not "up to date"), and how far: the upstream's newest transaction.
    const behind = statuses.filter((status) => status.state === 'syncing' && status.phase === 'transactions');
    expect(behind.length).toBeGreaterThan(0);
    // Already while the first commit's pages were read, by how much, and with a rate from that first commit on.
    const behindOnBacklog = statuses.slice(statusesBefore).filter((status) => behind.includes(status));
    expect(behindOnBacklog[0]).toMatchObject({ lastTransactionTimestamp: markBefore, upstreamNewestTimestamp: backlog.at(-1)!.consensus_timestamp });
    const afterFirstCommit = behindOnBacklog.find((status) => Number(status.lastTransactionTimestamp) >= 3000);
    expect(afterFirstCommit!.ratePerSecond).toBeGreaterThan(0);
    expect(behind.at(-1)).toMatchObject({ upstreamNewestTimestamp: backlog.at(-1)!.consensus_timestamp });
    expect(statuses.at(-1)).toMatchObject({ state: 'following', upstreamNewestTimestamp: null });
    await engine.close();
  });

  it('reads the token holdings beyond the listed 50 of an account a commit touched only when its transactions moved its tokens', async () => {
    const { local, engine } = await caughtUpSync();
    // Account 1300 holds 60 tokens: the accounts list shows the first 50.
    const holdings = (change: Record<number, number> = {}): AccountInfo => {
      const info = account(1300, 1_000);
      info.balance!.tokens = Array.from({ length: 60 }, (_, i) => ({ token_id: `0.0.${5001 + i}`, balance: change[5001 + i] ?? 10 }));
      return info;
    };
    upstreamStore.db.transaction(() => {
      for (let i = 0; i < 60; i++) upsertToken(tokenRowsOf(tokenInfo(5001 + i)));
    })();
    let at = 10_000;
    const follow = async (tx: Record<string, unknown>): Promise<void> => {
      relationshipRequests.length = 0;
      transactions.push({ consensus_timestamp: `${at++}.000000000`, result: 'SUCCESS', transaction_id: `0.0.1301-${at}-0`, transfers: [], ...tx });
      await engine.caughtUp();
      await engine.caughtUp();
    };
    // The tokens' own records are not followed here (no TOKENCREATION): their holdings are compared.
    const sameTokens = async (): Promise<void> => {
      const holdingsIn = async (store: LedgerStore): Promise<string[]> => {
        const body = JSON.parse((await injectGet(store)('/api/v1/accounts/0.0.1300/tokens?limit=100')).body) as { tokens: Array<{ token_id: string; balance: number }> };
        return body.tokens.map((t) => `${t.token_id}=${t.balance}`);
      };
      const upstream = await holdingsIn(upstreamStore);
      expect(upstream).toHaveLength(60);
      expect(await holdingsIn(local)).toEqual(upstream);
    };

    // Its tokens first moved: all 60 read.
    put(holdings({ 5060: 9 }), account(1301, 0));
    await follow({ name: 'CRYPTOTRANSFER', token_transfers: [{ token_id: '0.0.5060', account: '0.0.1300', amount: -1 }, { token_id: '0.0.5060', account: '0.0.1301', amount: 1 }] });
    expect(relationshipRequests).toEqual(['0.0.1300']);
    await sameTokens();

    // HBAR only: the listed 50 are written, the 10 beyond stay as they are, none is read.
    const hbarOnly = holdings({ 5060: 9 });
    hbarOnly.balance!.balance = 900;
    put(hbarOnly);
    await follow({ name: 'CRYPTOTRANSFER', transfers: [{ account: '0.0.1300', amount: -100 }, { account: '0.0.1301', amount: 100 }] });
    expect(relationshipRequests).toEqual([]);
    expect(JSON.parse((await injectGet(local)('/api/v1/accounts/0.0.1300?transactions=false')).body).balance.balance).toBe(900);
    await sameTokens();

    // An NFT sent, an association, a TOKENUPDATE (which may move a treasury's holdings unnamed): each reads them again.
    put(holdings({ 5060: 9, 5058: 11 }));
    await follow({ name: 'CRYPTOTRANSFER', nft_transfers: [{ token_id: '0.0.5058', receiver_account_id: '0.0.1300', sender_account_id: '0.0.1301', serial_number: 1 }] });
    expect(relationshipRequests).toEqual(['0.0.1300']);
    await sameTokens();
    put(holdings({ 5060: 9, 5058: 12 }));
    await follow({ name: 'TOKENASSOCIATE', entity_id: '0.0.1300' });
    expect(relationshipRequests).toEqual(['0.0.1300']);
    await sameTokens();
    put(holdings({ 5060: 9, 5058: 13 }));
    await follow({ name: 'TOKENUPDATE', entity_id: '0.0.5001', transfers: [{ account: '0.0.1300', amount: -1 }] });
    expect(relationshipRequests).toEqual(['0.0.1300']);
    await sameTokens();
    expect(tokenHoldingsTouched([{ name: 'CRYPTODELETE', entity_id: '0.0.7', transaction_id: '0.0.8-1-0', transfers: [{ account: '0.0.9', amount: 1 }] }])).toEqual(new Set(['0.0.7', '0.0.8']));
    await engine.close();
  });

  it('refuses a page holding a transaction dated far ahead of the clock, which would end following silently, and goes on once it is gone', async () => {
    const errors: string[] = [];
    const { local, engine } = await caughtUpSync((status) => { if (status.lastError) errors.push(status.lastError.message); }, 50);
    const before = engine.status().lastTransactionTimestamp;
    const future = { consensus_timestamp: '4102444800.000000001', name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: '0.0.1001-4102444800-1', transfers: [] };
    transactions.push(future);
    while (!errors.some((message) => /more than a day ahead of this machine's clock/.test(message))) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(engine.status().lastTransactionTimestamp).toBe(before);
    expect(local.db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp > 4102444800000000000').pluck().get()).toBe(0);

    // The upstream drops it: the next transaction is followed as if it had never been.
    transactions.splice(transactions.indexOf(future), 1);
    transactions.push({ consensus_timestamp: '20000.000000000', name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: '0.0.1001-19999-0', transfers: [] });
    await engine.caughtUp();
    await engine.caughtUp();
    expect(engine.status().lastTransactionTimestamp).toBe('20000.000000000');
    await engine.close();
  });

  it('refuses a re-fetched token answered with another token\'s record, says so, and stores it once the upstream answers it', async () => {
    const errors: string[] = [];
    const { local, engine } = await caughtUpSync((status) => { if (status.lastError) errors.push(status.lastError.message); }, 50);
    upstreamStore.db.transaction(() => {
      upsertToken(tokenRowsOf(token(1275, 700, '30000.000000000')));
      upsertToken(tokenRowsOf(token(1980, 900, '30000.000000000')));
    })();
    const before = engine.status().lastTransactionTimestamp;
    misanswered.set('/api/v1/tokens/0.0.1275', '/api/v1/tokens/0.0.1980');
    transactions.push({ consensus_timestamp: '30000.000000001', name: 'TOKENMINT', result: 'SUCCESS', entity_id: '0.0.1275', transaction_id: '0.0.1001-29999-0', transfers: [] });
    const refused = 'the upstream answered token 0.0.1275 with another token (0.0.1980)';
    for (let waited = 0; !errors.some((message) => message.startsWith(refused)); waited += 20) {
      if (waited > 10_000) throw new Error(`not refused; last errors: ${errors.slice(-3).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Nothing of the commit is stored: not the other token under its own id, nor the transaction.
    expect(engine.status().lastTransactionTimestamp).toBe(before);
    expect(local.db.prepare('SELECT count(*) FROM token WHERE token_id IN (1275, 1980)').pluck().get()).toBe(0);

    misanswered.clear();
    await engine.caughtUp();
    await engine.caughtUp();
    expect(engine.status().lastTransactionTimestamp).toBe('30000.000000001');
    expect((await injectGet(local)('/api/v1/tokens/0.0.1275')).body).toBe((await injectGet(upstreamStore)('/api/v1/tokens/0.0.1275')).body);
    expect(local.db.prepare('SELECT count(*) FROM token WHERE token_id = 1980').pluck().get()).toBe(0);
    await engine.close();
  });
});
