import type http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../main/mirror/format/timestamp.ts';
import { AccountHistoryFetcher } from '../../main/sync/account-history.ts';
import { RateLimiter } from '../../main/sync/rate-limiter.ts';
import { timestampOf } from '../../main/sync/upstream-values.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';
import { ScriptedUpstreams } from './scripted-upstream.ts';

// An account's older history from a mirror node that bounds each transactions query to a window of
// time (the reference's `hiero.mirror.rest.query.bindTimestampRange=true`): a window without any of
// the account's transactions is an empty page that still links to the window before it.
const upstreams = new ScriptedUpstreams();
const stores: Array<ReturnType<typeof tempStore>> = [];
afterEach(() => { for (const s of stores.splice(0)) s.dispose(); });
afterAll(() => upstreams.closeAll());

const SECOND = 1_000_000_000n;
/** The reference's maxTransactionsTimestampRange by default: 60 days. */
const WINDOW = 60n * 86_400n * SECOND;
const ACCOUNT = '0.0.1001';
/** The first transaction the upstream holds at all: where its list ends. */
const FIRST = 1_000n * SECOND;
const FOLLOWED_SINCE = '20000000.000000000';

function transfer(seconds: bigint): Record<string, unknown> {
  return { consensus_timestamp: formatTimestamp(seconds * SECOND), name: 'CRYPTOTRANSFER', result: 'SUCCESS', transaction_id: `${ACCOUNT}-${seconds - 1n}-0`,
    transfers: [{ account: ACCOUNT, amount: -5 }, { account: '0.0.98', amount: 5 }] };
}

// Newest first. Between the newest and the next there are more than 60 days without any: a whole window is empty.
const HISTORY = [transfer(19_990_000n), transfer(5_000_000n), transfer(4_999_000n)];

/**
 * `/api/v1/transactions?account.id=` answered as the reference does with bindTimestampRange
 * (rest/timestampRange.js bindTimestampRange, rest/transactions.js doGetTransactions): the range
 * asked for, open at its start, begins at the first transaction; one wider than the window is cut to
 * the window's newest part, and its start is the next link's `timestamp=lt:` when the page is not
 * full. Only when the range reaches the first transaction does a short page end the list.
 */
function windowedTransactions(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url!, 'http://upstream');
  let end = BigInt(Date.now()) * 1_000_000n;
  let begin: bigint | null = null;
  for (const filter of url.searchParams.getAll('timestamp')) {
    const [op, value] = filter.split(':') as [string, string];
    const at = timestampOf(value)!;
    if (op === 'lt') end = at - 1n;
    else if (op === 'lte') end = at;
    else if (op === 'gte') begin = at;
    else if (op === 'gt') begin = at + 1n;
  }
  begin ??= FIRST;
  let nextTimestamp: bigint | null = null;
  if (end - begin + 1n > WINDOW) nextTimestamp = begin = end - WINDOW + 1n;
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const page = HISTORY.filter((t) => {
    const at = timestampOf(t.consensus_timestamp)!;
    return at >= begin && at <= end;
  }).slice(0, limit);
  const isEnd = page.length !== limit;
  let next: string | null = null;
  if (!isEnd || nextTimestamp !== null) {
    const after = isEnd ? formatTimestamp(nextTimestamp)! : page.at(-1)!.consensus_timestamp as string;
    const query = new URLSearchParams(url.searchParams);
    query.delete('timestamp');
    for (const filter of url.searchParams.getAll('timestamp')) if (!/^lte?:/.test(filter)) query.append('timestamp', filter);
    query.append('timestamp', `lt:${after}`);
    next = `/api/v1/transactions?${query.toString().replaceAll('%3A', ':')}`;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ transactions: page, links: { next } }));
}

function followingStore(): ReturnType<typeof tempStore> {
  const store = tempStore();
  stores.push(store);
  store.store.db.prepare(`INSERT INTO sync_cursor (phase, next_url, items, passes, mark, since, updated_at) VALUES ('transactions', NULL, 0, 0, ?, ?, 0)`)
    .run(FOLLOWED_SINCE, FOLLOWED_SINCE);
  return store;
}

describe("an account's older history from an upstream answering a window of time per page", () => {
  it('goes past a window without any of its transactions, holding what it covered, and completes only at the true end', async () => {
    const asked: string[] = [];
    const upstreamUrl = await upstreams.start((req, res) => { asked.push(req.url!); windowedTransactions(req, res); });
    const { store } = followingStore();
    const stored = () => (store.db.prepare('SELECT consensus_timestamp FROM "transaction" ORDER BY consensus_timestamp DESC').pluck().safeIntegers().all() as bigint[]).map(formatTimestamp);
    const history = new AccountHistoryFetcher({ db: store.db, upstreamUrl, limiter: new RateLimiter(0), pagesPerFetch: 2 });

    // Two pages a fetch: the window holding the newest transaction (not full, so linking to the window
    // before it), then that window, empty but linking on. Everything from its start on is held.
    const first = await history.fetch(ACCOUNT);
    expect(asked).toHaveLength(2);
    const emptyWindowStart = timestampOf(FOLLOWED_SINCE)! - 2n * WINDOW + 1n;
    expect(asked[1]).toContain(`timestamp=lt:${formatTimestamp(emptyWindowStart + WINDOW)}`);
    expect(first).toMatchObject({ account: ACCOUNT, complete: false, heldSince: formatTimestamp(emptyWindowStart - 1n), fetched: 1 });
    expect(stored()).toEqual(['19990000.000000000']);

    // The next fetch goes on from the stored link: the older ones, then the end of the list.
    const second = await history.fetch(ACCOUNT);
    expect(asked).toHaveLength(4);
    expect(asked[2]).toContain(`timestamp=lt:${formatTimestamp(emptyWindowStart)}`);
    expect(second).toMatchObject({ account: ACCOUNT, complete: true, heldSince: '0.000000000', fetched: 2 });
    expect(stored()).toEqual(['19990000.000000000', '5000000.000000000', '4999000.000000000']);
    history.close();
  });
});
