import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { generateDemoLedger } from '../../main/mirror/demo/generate-ledger.ts';
import { createMirrorApi, type MirrorApi } from '../../main/mirror/mirror-api.ts';
import { transactionRowsOf } from '../../main/sync/transaction-rows.ts';
import { transactionUpserter } from '../../main/sync/transaction-writer.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';
import { comparePages, compareUrls, type Get } from './compare-mirrors.ts';

// Every transaction of a demo ledger (transfers, tokens, NFTs, rewards, schedules, contracts,
// custom fee limits) rendered by the API, turned back into rows, stored in a second store:
// the second store must render every page exactly as the first.
const source = tempStore();
const copy = tempStore();
let sourceApi: MirrorApi;
let copyApi: MirrorApi;
const config = defaultMirrorApiConfig();
const getter = (api: () => MirrorApi): Get => async (url) => {
  const reply = await api().server.inject({ url });
  return { status: reply.statusCode, body: reply.body, link: (reply.headers.link as string | undefined) ?? null };
};
const fromSource = getter(() => sourceApi);
const fromCopy = getter(() => copyApi);

beforeAll(() => {
  generateDemoLedger(source.store, { accounts: 1200, keyThread: false });
  sourceApi = createMirrorApi(source.store, () => config, false);
  copyApi = createMirrorApi(copy.store, () => config, false);
});
afterAll(async () => {
  await sourceApi.server.close();
  await copyApi.server.close();
  source.dispose();
  copy.dispose();
});

async function allTransactions(): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let url: string | null = '/api/v1/transactions?limit=100&order=asc';
  while (url) {
    // Parsed as the sync client parses: amounts past 2^53 (a whale's funding) stay exact.
    const body = parseJsonLossless((await fromSource(url)).body) as { transactions: Array<Record<string, unknown>>; links: { next: string | null } };
    out.push(...body.transactions);
    url = body.links.next;
  }
  return out;
}

describe('followed transactions stored as rows', () => {
  it('render back exactly, under every kind of filter, twice applied or once', async () => {
    const transactions = await allTransactions();
    const names = new Set(transactions.map((tx) => tx.name));
    expect(transactions.length).toBeGreaterThan(1000);
    for (const kind of ['CRYPTOTRANSFER', 'TOKENMINT', 'CONSENSUSSUBMITMESSAGE', 'SCHEDULECREATE', 'CONTRACTCALL', 'ATOMICBATCH']) expect(names).toContain(kind);
    expect(transactions.some((tx) => (tx.nft_transfers as unknown[]).length > 0)).toBe(true);
    expect(transactions.some((tx) => (tx.staking_reward_transfers as unknown[]).length > 0)).toBe(true);
    expect(transactions.some((tx) => (tx.token_transfers as unknown[]).length > 0)).toBe(true);

    const upsert = transactionUpserter(copy.store.db);
    // The second pass is a replayed page after a crash: it must change nothing.
    for (let pass = 0; pass < 2; pass++) {
      copy.store.db.transaction(() => {
        for (const tx of transactions) upsert(transactionRowsOf(tx)!);
      })();
    }
    const sample = transactions.filter((_, i) => i % 97 === 0);
    const account = (sample[1]!.transfers as Array<{ account: string }>)[0]!.account;
    const { pages, differences } = await comparePages(fromSource, fromCopy, [
      '/api/v1/transactions?limit=100',
      `/api/v1/transactions?account.id=${account}&limit=25`,
      '/api/v1/transactions?transactiontype=tokenmint&limit=50',
      '/api/v1/transactions?result=fail&limit=50',
    ]);
    expect(pages).toBeGreaterThan(20);
    expect(differences).toEqual([]);
    // A batch's id answers with its inner transactions, whose list the copy derives from their parent link.
    const batches = transactions.filter((tx) => tx.name === 'ATOMICBATCH');
    const byId = [...sample, ...batches].map((tx) => `/api/v1/transactions/${tx.transaction_id as string}`);
    // The list leaves out assessed custom fees; a lookup by id stores its own answer, which has them.
    for (const url of byId) {
      const answer = parseJsonLossless((await fromSource(url)).body) as { transactions: Array<Record<string, unknown>> };
      copy.store.db.transaction(() => {
        for (const tx of answer.transactions) upsert(transactionRowsOf(tx)!);
      })();
    }
    expect(await compareUrls(fromSource, fromCopy, byId)).toEqual([]);
  });

  it('refuses malformed transactions and skips types it cannot name', () => {
    const base = { consensus_timestamp: '1.000000001', transaction_id: '0.0.2-1-1', name: 'CRYPTOTRANSFER', result: 'SUCCESS' };
    expect(transactionRowsOf(base)?.transaction).toMatchObject({ payer_account_id: 2n, valid_start_ns: 1_000_000_001n, type: 14n, result: 22n });
    expect(transactionRowsOf({ ...base, name: 'SOMETHINGNEW' })).toBeNull();
    // An upstream from before HIP-1195's rename still writes LAMBDASSTORE: kept, as HOOKSTORE's id.
    expect(transactionRowsOf({ ...base, name: 'LAMBDASSTORE' })?.transaction).toMatchObject({ type: 75n });
    expect(transactionRowsOf({ ...base, name: 'HOOKSTORE' })?.transaction).toMatchObject({ type: 75n });
    expect(transactionRowsOf({ ...base, result: 'A_FUTURE_CODE' })).toBeNull();
    for (const bad of [
      { ...base, consensus_timestamp: 'soon' },
      { ...base, transaction_id: '0.0.2@1.1' },
      { ...base, name: undefined },
      { ...base, transfers: [{ account: '0.0.3', amount: 'ten' }] },
      { ...base, transfers: 'none' },
      { ...base, memo_base64: '%%' },
      { ...base, nft_transfers: [{ token_id: '0.0.5' }] },
    ]) {
      expect(() => transactionRowsOf(bad), JSON.stringify(bad)).toThrow(UpstreamFormatError);
    }
  });
});
