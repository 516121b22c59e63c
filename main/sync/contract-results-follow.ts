import { formatTimestamp } from '../mirror/format/timestamp.ts';
import { contractLogRowOf, contractResultRowsOf, type ResultTransaction } from './contract-result-rows.ts';
import type { ContractResultsSpan } from './contract-results-writer.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { entityIdOf, inAnswerTo, intOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';
import { nextPageOf } from './next-page.ts';

/** Transactions that leave a contract result; a child transaction (nonce > 0) may be a system contract's. */
const CONTRACT_ACTIVITY = /^(CONTRACTCALL|CONTRACTCREATEINSTANCE|ETHEREUMTRANSACTION)$/;

/**
 * The contract results and logs of a followed page of transactions, read over the page's time
 * span from the upstream's lists (`/contracts/results` with child results and weibars, and
 * `/contracts/results/logs`), 100 a request: null when no transaction of the page can have
 * one. A result's state changes come only with the result by id, which stays the upstream's.
 */
export async function contractResultsOf(
  context: { client: UpstreamClient; signal: AbortSignal },
  transactions: Array<Record<string, unknown>>,
): Promise<ContractResultsSpan | null> {
  const active = transactions.some((tx) => (typeof tx.name === 'string' && CONTRACT_ACTIVITY.test(tx.name)) || (typeof tx.nonce === 'number' && tx.nonce > 0));
  if (!active) return null;
  const byTimestamp = new Map<bigint, ResultTransaction>();
  for (const tx of transactions) {
    const at = timestampOf(tx.consensus_timestamp);
    const payer = typeof tx.transaction_id === 'string' ? entityIdOf(tx.transaction_id.split('-')[0]) : null;
    if (at !== null) byTimestamp.set(at, { payer, nonce: intOf(tx.nonce) ?? 0n });
  }
  const times = [...byTimestamp.keys()];
  const from = times.reduce((a, b) => (b < a ? b : a));
  const to = times.reduce((a, b) => (b > a ? b : a));
  const span = `timestamp=gte:${formatTimestamp(from)}&timestamp=lte:${formatTimestamp(to)}&order=asc&limit=100`;
  const transactionAt = (info: Record<string, unknown>): ResultTransaction => {
    const found = byTimestamp.get(timestampOf(info.timestamp) ?? -1n);
    // The page holds every transaction of its span, children included, so each result has its own.
    if (!found) throw new UpstreamFormatError(`a contract result at ${String(info.timestamp)} without a transaction in the page`);
    return found;
  };
  const results = (await readAll(context, `/api/v1/contracts/results?${span}&internal=true&hbar=false`, 'results', (info) => contractResultRowsOf(info, transactionAt(info))))
    .filter((rows) => rows !== null);
  const logs = await readAll(context, `/api/v1/contracts/results/logs?${span}`, 'logs', (info) => contractLogRowOf(info, transactionAt(info).payer));
  return { from, to, results, logs };
}

/** Every item of a list, following `links.next`, each converted by `rowsOf` as its page comes (so that a fault names the page). */
async function readAll<Rows>(context: { client: UpstreamClient; signal: AbortSignal }, first: string, list: string, rowsOf: (item: Record<string, unknown>) => Rows): Promise<Rows[]> {
  const items: Rows[] = [];
  const walked = new Set<string>();
  let url: string | null = first;
  while (url !== null) {
    const reply = await context.client.get(url, { signal: context.signal });
    if (reply.status === 404) return items;
    if (reply.status !== 200) throw new UpstreamFormatError(`the upstream did not answer ${url}`);
    const read: string = url;
    url = inAnswerTo(context.client.urlOf(read), () => {
      const body = reply.body as Record<string, unknown> & { links?: { next?: unknown } };
      const page = body[list];
      if (!Array.isArray(page)) throw new UpstreamFormatError(`the page ${read} has no "${list}" array`);
      items.push(...(page as Array<Record<string, unknown>>).map(rowsOf));
      return page.length > 0 ? nextPageOf(body, read, walked) : null;
    });
  }
  return items;
}
