import { ENTITY_ID_TEXT, formatEntityId } from '../mirror/format/entity-id.ts';
import type { TopicMessageRow } from '../mirror/topics/render-topic-message.ts';
import { accountRowsOf, type AccountRows } from './account-rows.ts';
import type { AccountWriter } from './account-writer.ts';
import type { SyncCursor } from './sync-cursor.ts';
import { contractRowsOf, type ContractRows } from './contract-rows.ts';
import { contractResultsOf } from './contract-results-follow.ts';
import type { ContractResultsSpan } from './contract-results-writer.ts';
import { scheduleRowsOf, type ScheduleRows } from './schedule-rows.ts';
import { completeTokenBalances } from './token-balances.ts';
import { tokenRowsOf, type TokenRows } from './token-rows.ts';
import { topicMessageRowOf, topicRowsOf, type TopicRows } from './topic-rows.ts';
import { TRANSACTION_ID, transactionRowsOf, type TransactionRows } from './transaction-rows.ts';
import { UpstreamError, type UpstreamClient } from './upstream-client.ts';
import { inAnswerTo, timestampOf, UpstreamFormatError } from './upstream-values.ts';
import { nextPageOf } from './next-page.ts';
import { fetchByIds } from './by-id-answer.ts';

/**
 * Accounts re-fetched per request (repeated `account.id`): the reference's default repeat limit.
 * An upstream configured lower answers 400, and the batch is halved until it is accepted.
 */
const REFETCH_BATCH = 100;
/**
 * Transaction pages stored, with what they changed, in one commit. Behind the upstream, the
 * accounts and tokens a commit re-fetches are their state now whichever page named them, so
 * one re-fetch serves every page of the commit that touched them, and the contract results,
 * logs and topic messages are read over the commit's whole span (`npm run bench -- sync`: 3.8
 * requests per 100 transactions, 4.9 at 10 pages a commit, 8.9 at one). Behind, the store shows
 * new transactions a commit at a time; caught up, a commit is the one short page there is.
 */
export const PAGES_PER_COMMIT = 25;

export interface FollowContext {
  client: UpstreamClient;
  writer: AccountWriter;
  signal: AbortSignal;
  tokenSupport?: { relationships: boolean };
  /**
   * After each commit; `more` when the upstream has further pages waiting (following is behind).
   * Awaited: it may ask the upstream something itself.
   */
  onPage?: (page: { transactions: number; accounts: number; lastTimestamp: string | null; more: boolean }) => void | Promise<void>;
  /**
   * When a commit's reading goes on past its first page: the upstream has more than a page
   * waiting, so following is behind. Said before the commit, whose pages take seconds to read.
   * Awaited, as `onPage` is.
   */
  onBehind?: () => void | Promise<void>;
  /** Where re-fetched tokens and contracts go (absent: only accounts are re-fetched). Called inside the page's transaction. */
  upsertToken?: (rows: TokenRows) => void;
  upsertContract?: (rows: ContractRows) => void;
  /** Where the contract results and logs of a page's span go (absent: none is read). Called inside the page's transaction. */
  upsertContractResults?: (span: ContractResultsSpan) => void;
  /** Where re-fetched schedules go (absent: none is read). Called inside the page's transaction. */
  upsertSchedule?: (rows: ScheduleRows) => void;
  /** Where re-fetched topics, and the messages the followed transactions sent, go (absent: neither is read). Called inside the page's transaction. */
  upsertTopic?: (rows: TopicRows) => void;
  upsertTopicMessage?: (row: TopicMessageRow) => void;
  /** Whether the store holds a topic (opened here, or created or changed since following began): only those topics' messages are read. Absent: every topic's. */
  holdsTopic?: (topic: string) => boolean;
  /** Where the followed transactions themselves go (absent: they are only read). Called inside the page's transaction. */
  upsertTransaction?: (rows: TransactionRows) => void;
}

/**
 * Transactions that change a token's own record (supply, keys, fees, pause), named by their
 * `entity_id`. Associations name the account instead; freezes, KYC grants, airdrops and rejections
 * change only the holders' relationships, which the account re-fetch brings.
 */
const TOKEN_TRANSACTION = /^TOKEN(?!ASSOCIATE|DISSOCIATE|FREEZE|UNFREEZE|GRANTKYC|REVOKEKYC|AIRDROP|CLAIMAIRDROP|CANCELAIRDROP|REJECT)/;
const CONTRACT_TRANSACTION = /^CONTRACT(CREATE|UPDATE|DELETE)INSTANCE$/;
const TOPIC_TRANSACTION = /^CONSENSUS(CREATE|UPDATE|DELETE)TOPIC$/;
const SCHEDULE_TRANSACTION = /^SCHEDULE(CREATE|SIGN|DELETE)$/;

/**
 * Sets the starting point of incremental updates to the upstream's newest transaction, before
 * a full crawl begins, so that whatever changes during the crawl is picked up after it.
 * Returns false when the upstream has no transactions endpoint.
 */
export async function markTransactionsStart(context: FollowContext): Promise<boolean> {
  const cursors = context.writer.cursors;
  if (cursors.get('transactions')) return true;
  const newest = await newestTransactionTimestamp(context);
  if (newest === 'unsupported') return false;
  const mark = newest ?? '0';
  cursors.put({ phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark, since: mark });
  return true;
}

/** The consensus timestamp of the upstream's newest transaction; null when it has none or did not say. */
export async function newestTransactionTimestamp(context: { client: UpstreamClient; signal: AbortSignal }): Promise<string | null | 'unsupported'> {
  const reply = await context.client.get('/api/v1/transactions?limit=1&order=desc', { signal: context.signal });
  if (reply.status === 404) return 'unsupported';
  if (reply.status !== 200) return null;
  const newest = (reply.body as { transactions?: Array<{ consensus_timestamp?: unknown }> }).transactions?.[0]?.consensus_timestamp;
  return typeof newest === 'string' ? newest : null;
}

/**
 * Follows `/api/v1/transactions` after the last synced consensus timestamp until caught up,
 * storing the transactions and re-fetching from the accounts list every account they touched;
 * a few pages' transactions (PAGES_PER_COMMIT), what they changed and the new timestamp commit
 * together. Returns 'unsupported' when the upstream has no transactions endpoint.
 */
export async function followTransactions(context: FollowContext): Promise<'caught-up' | 'unsupported'> {
  const cursors = context.writer.cursors;
  let cursor: SyncCursor = cursors.get('transactions') ?? { phase: 'transactions', nextUrl: null, items: 0, passes: 0, mark: '0', since: '0' };
  for (;;) {
    const read = await readPages(context, cursor.nextUrl ?? `/api/v1/transactions?limit=100&order=asc&timestamp=gt:${cursor.mark ?? '0'}`);
    if (read === 'unsupported') {
      if (cursor.nextUrl === null) return 'unsupported';
      // A next link the upstream does not know (any more): go on from the last stored transaction instead.
      cursor = { ...cursor, nextUrl: null };
      continue;
    }
    const { pages, nextUrl, complete } = read;
    const transactions = pages.flatMap((page) => page.transactions);
    if (transactions.length === 0 && !complete) return 'caught-up';
    // Converted before anything is stored: a malformed transaction fails the pages, not half of them.
    const stored = context.upsertTransaction
      ? pages.flatMap((page) => inAnswerTo(context.client.urlOf(page.url), () => page.transactions.map(transactionRowsOf))).filter((rows) => rows !== null)
      : [];
    const rows = await refetchAccounts(context, touchedAccounts(transactions), tokenHoldingsTouched(transactions));
    const tokens = context.upsertToken ? await fetchByIds(context.client, context.signal, 'token', touchedEntities(transactions, TOKEN_TRANSACTION), tokenRowsOf) : [];
    const contracts = context.upsertContract ? await fetchByIds(context.client, context.signal, 'contract', touchedEntities(transactions, CONTRACT_TRANSACTION), contractRowsOf) : [];
    const schedules = context.upsertSchedule ? await fetchByIds(context.client, context.signal, 'schedule', await changedSchedules(context, transactions), scheduleRowsOf) : [];
    const topics = context.upsertTopic ? await fetchByIds(context.client, context.signal, 'topic', touchedEntities(transactions, TOPIC_TRANSACTION), topicRowsOf) : [];
    const messages = context.upsertTopicMessage ? await sentMessages(context, transactions) : [];
    const results = context.upsertContractResults ? await contractResultsOf(context, transactions) : null;
    const last = transactions.at(-1)?.consensus_timestamp;
    const lastTimestamp = typeof last === 'string' ? last : null;
    cursor = { ...cursor, nextUrl, items: cursor.items + transactions.length, mark: lastTimestamp ?? cursor.mark };
    context.signal.throwIfAborted();
    context.writer.transaction(() => {
      for (const rows of stored) context.upsertTransaction!(rows);
      for (const token of tokens) context.upsertToken!(token);
      for (const contract of contracts) context.upsertContract!(contract);
      for (const schedule of schedules) context.upsertSchedule!(schedule);
      for (const topic of topics) context.upsertTopic!(topic);
      for (const message of messages) context.upsertTopicMessage!(message);
      if (results) context.upsertContractResults!(results);
      context.writer.applyPage(rows, cursor);
    });
    const more = nextUrl !== null && complete;
    await context.onPage?.({ transactions: transactions.length, accounts: rows.length, lastTimestamp, more });
    if (!more) return 'caught-up';
  }
}

/** How far ahead of this machine's clock a consensus time may be (clocks drift; a day is far more than they do). */
const FUTURE_TOLERANCE_MS = 86_400_000n;

/**
 * Up to PAGES_PER_COMMIT pages of transactions from `url` on, stopping at the last one (`nextUrl`
 * null). `complete` is false when the upstream stopped answering part way: what was read is still
 * stored, and the cursor points at the page it did not give. 'unsupported' when the first page is
 * not found: no transactions endpoint, or a next link the upstream does not know.
 */
async function readPages(context: FollowContext, url: string): Promise<{ pages: TransactionsPage[]; nextUrl: string | null; complete: boolean } | 'unsupported'> {
  const pages: TransactionsPage[] = [];
  const walked = new Set<string>();
  // Following goes on after the newest transaction stored: one dated far ahead would end it silently.
  const latestNs = (BigInt(Date.now()) + FUTURE_TOLERANCE_MS) * 1_000_000n;
  let next: string | null = url;
  for (let page = 0; page < PAGES_PER_COMMIT && next !== null; page++) {
    if (page === 1) await context.onBehind?.();
    const reply = await context.client.get(next, { signal: context.signal });
    if (reply.status === 404 && page === 0) return 'unsupported';
    if (reply.status !== 200) return { pages, nextUrl: next, complete: false };
    const read: string = next;
    next = inAnswerTo(context.client.urlOf(read), () => {
      const body = reply.body as { transactions?: unknown; links?: { next?: unknown } };
      if (!Array.isArray(body.transactions)) throw new UpstreamFormatError(`the transactions page ${read} has no "transactions" array`);
      const ahead = (body.transactions as Array<Record<string, unknown>>).find((t) => (timestampOf(t.consensus_timestamp) ?? 0n) > latestNs);
      if (ahead) {
        throw new UpstreamFormatError(`the transactions page ${read} holds one dated ${String(ahead.consensus_timestamp)}, more than a day ahead of this machine's clock`);
      }
      pages.push({ url: read, transactions: body.transactions as Array<Record<string, unknown>> });
      return nextPageOf(body, read, walked);
    });
  }
  return { pages, nextUrl: next, complete: true };
}

/** One page of followed transactions, with the URL it was answered for: a transaction that cannot be stored names it. */
interface TransactionsPage {
  url: string;
  transactions: Array<Record<string, unknown>>;
}

/** Every entity id a transaction names as a party: payer, transfers, the entity it acted on. */
export function touchedAccounts(transactions: Array<Record<string, unknown>>): string[] {
  const ids = new Set<string>();
  for (const tx of transactions) {
    addEntityIds(ids, payerOf(tx), tx.entity_id);
    for (const list of ['transfers', 'staking_reward_transfers'] as const) {
      addEntityIds(ids, ...asArray(tx[list]).map((transfer) => (transfer as { account?: unknown }).account));
    }
    addEntityIds(ids, ...tokenHoldersNamed(tx));
  }
  return [...ids];
}

/**
 * TOKENUPDATE can move a token's whole balance to a new treasury without naming it anywhere in
 * the transactions list; the pages that hold one re-read every re-fetched account's tokens.
 */
const UNNAMED_HOLDINGS_CHANGE = 'TOKENUPDATE';
const ANY_TOKEN_TRANSACTION_OR_ACCOUNT_DELETION = /^(TOKEN|CRYPTODELETE$)/;

/**
 * The accounts whose token holdings these transactions may have changed, or 'all'. A token
 * balance moves only in a token or NFT transfer (mints, burns, wipes, custom fees, airdrops,
 * rejections and the HTS calls of contracts included: each is listed with its transfers); an
 * association or dissociation names its account as the entity, as does an account's deletion.
 * The other accounts a page touched moved HBAR only: their tokens beyond the 50 that the
 * accounts list shows need no re-reading.
 */
export function tokenHoldingsTouched(transactions: Array<Record<string, unknown>>): Set<string> | 'all' {
  const ids = new Set<string>();
  for (const tx of transactions) {
    if (tx.name === UNNAMED_HOLDINGS_CHANGE) return 'all';
    if (typeof tx.name === 'string' && ANY_TOKEN_TRANSACTION_OR_ACCOUNT_DELETION.test(tx.name)) addEntityIds(ids, tx.entity_id, payerOf(tx));
    addEntityIds(ids, ...tokenHoldersNamed(tx));
  }
  return ids;
}

/** The payer in a transaction id (`0.0.1234-seconds-nanos`). */
function payerOf(tx: Record<string, unknown>): unknown {
  return typeof tx.transaction_id === 'string' ? tx.transaction_id.split('-')[0] : undefined;
}

/** The accounts a transaction's token and NFT transfers name: the holders whose tokens it moved. */
function tokenHoldersNamed(tx: Record<string, unknown>): unknown[] {
  return [
    ...asArray(tx.token_transfers).map((transfer) => (transfer as { account?: unknown }).account),
    ...asArray(tx.nft_transfers).flatMap((transfer) => {
      const { receiver_account_id: receiver, sender_account_id: sender } = transfer as { receiver_account_id?: unknown; sender_account_id?: unknown };
      return [receiver, sender];
    }),
  ];
}

/** Adds those of `values` that are entity ids (`0.0.1234`): upstream fields may be null or absent. */
function addEntityIds(ids: Set<string>, ...values: unknown[]): void {
  for (const value of values) if (typeof value === 'string' && ENTITY_ID_TEXT.test(value)) ids.add(value);
}

/** The `entity_id` of transactions whose type (`name`) matches: the token or contract they changed. */
export function touchedEntities(transactions: Array<Record<string, unknown>>, names: RegExp): string[] {
  const ids = new Set<string>();
  for (const tx of transactions) {
    if (typeof tx.name === 'string' && names.test(tx.name) && typeof tx.entity_id === 'string' && ENTITY_ID_TEXT.test(tx.entity_id)) ids.add(tx.entity_id);
  }
  return [...ids];
}

/**
 * The schedules the page created, signed or deleted, and those it executed. An executed scheduled
 * transaction names the entity it acted on, not its schedule; it keeps the id of the SCHEDULECREATE
 * that made it, which is asked for (one request per execution, which are few). Executions mostly
 * follow a signature in the same page, but one that waited for its expiry follows nothing.
 */
async function changedSchedules(context: FollowContext, transactions: Array<Record<string, unknown>>): Promise<string[]> {
  const ids = new Set(touchedEntities(transactions, SCHEDULE_TRANSACTION));
  for (const tx of transactions) {
    if (tx.scheduled !== true || typeof tx.transaction_id !== 'string' || !TRANSACTION_ID.test(tx.transaction_id)) continue;
    const reply = await context.client.get(`/api/v1/transactions/${tx.transaction_id}?scheduled=false`, { signal: context.signal });
    if (reply.status !== 200) continue;
    const created = asArray((reply.body as { transactions?: unknown }).transactions) as Array<Record<string, unknown>>;
    for (const id of touchedEntities(created, /^SCHEDULECREATE$/)) ids.add(id);
  }
  return [...ids];
}

/**
 * The messages the page's successful CONSENSUSSUBMITMESSAGE transactions sent to the topics the
 * store holds (or that the page created or changed): the transactions list does not carry them, so
 * each topic's are read over the page's time span (one request per topic and 100 messages, rather
 * than one per message). Other topics' messages are not read: a busy network's message traffic
 * spreads over many topics, a request each per page, while a topic's list is the upstream's anyway.
 */
async function sentMessages(context: FollowContext, transactions: Array<Record<string, unknown>>): Promise<TopicMessageRow[]> {
  const changed = new Set(touchedEntities(transactions, TOPIC_TRANSACTION));
  const held = (topic: string) => changed.has(topic) || (context.holdsTopic?.(topic) ?? true);
  const spans = new Map<string, { from: string; to: string }>();
  for (const tx of transactions) {
    const { name, result, entity_id: topic, consensus_timestamp: at } = tx;
    if (name !== 'CONSENSUSSUBMITMESSAGE' || result !== 'SUCCESS' || typeof topic !== 'string' || !ENTITY_ID_TEXT.test(topic) || typeof at !== 'string') continue;
    if (!held(topic)) continue;
    // The page is in consensus order: the first transaction of a topic opens its span, the last closes it.
    spans.set(topic, { from: spans.get(topic)?.from ?? at, to: at });
  }
  const rows: TopicMessageRow[] = [];
  for (const [topic, { from, to }] of spans) {
    let url: string | null = `/api/v1/topics/${topic}/messages?timestamp=gte:${from}&timestamp=lte:${to}&order=asc&limit=100`;
    const walked = new Set<string>();
    while (url !== null) {
      const reply = await context.client.get(url, { signal: context.signal });
      if (reply.status !== 200) break;
      const read: string = url;
      url = inAnswerTo(context.client.urlOf(read), () => {
        const body = reply.body as { messages?: unknown; links?: { next?: unknown } };
        if (!Array.isArray(body.messages)) throw new UpstreamFormatError(`the topic messages page ${read} has no "messages" array`);
        rows.push(...(body.messages as Array<Record<string, unknown>>).map(topicMessageRowOf));
        return body.messages.length > 0 ? nextPageOf(body, read, walked) : null;
      });
    }
  }
  return rows;
}

/**
 * The accounts, a batch a request. Only those in `tokensTouched` have their token holdings
 * read beyond the 50 the list shows; the others are written with those 50 (partial: what the
 * store holds beyond them stays).
 */
async function refetchAccounts(context: FollowContext, ids: string[], tokensTouched: Set<string> | 'all'): Promise<AccountRows[]> {
  const rows: AccountRows[] = [];
  for (let i = 0; i < ids.length; i += REFETCH_BATCH) rows.push(...await refetchAccountBatch(context, ids.slice(i, i + REFETCH_BATCH), tokensTouched));
  return rows;
}

/** One request for a batch of accounts; refused as too many repeated parameters (400), two requests for its halves. */
async function refetchAccountBatch(context: FollowContext, batch: string[], tokensTouched: Set<string> | 'all'): Promise<AccountRows[]> {
  const query = batch.map((id) => `account.id=${id}`).join('&');
  const path = `/api/v1/accounts?${query}&limit=100`;
  let reply;
  try {
    reply = await context.client.get(path, { signal: context.signal });
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 400 && batch.length > 1)) throw error;
    const half = Math.ceil(batch.length / 2);
    return [...await refetchAccountBatch(context, batch.slice(0, half), tokensTouched), ...await refetchAccountBatch(context, batch.slice(half), tokensTouched)];
  }
  if (reply.status !== 200) return [];
  const page = inAnswerTo(context.client.urlOf(path), () => {
    const accounts = (reply.body as { accounts?: unknown }).accounts;
    if (!Array.isArray(accounts)) throw new UpstreamFormatError('an accounts re-fetch answered without an "accounts" array');
    return accounts.map((info) => accountRowsOf(info as Record<string, unknown>));
  });
  const holdingsChanged = tokensTouched === 'all' ? page : page.filter((row) => tokensTouched.has(formatEntityId(row.entity.id)));
  await completeTokenBalances(context, holdingsChanged, context.tokenSupport ?? { relationships: true });
  return page;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
