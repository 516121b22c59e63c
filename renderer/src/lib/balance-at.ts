/**
 * An account's HBAR or token balance at any consensus moment, from what the mirror API offers.
 * The local store answers it one of two ways:
 * - forwards from a balance snapshot (the demo ledger keeps them, as a mirror node does, every so
 *   often rather than at every transaction): the newest at or before the moment
 *   (`/balances?timestamp=`) plus the account's transfers since (`/transactions?account.id=`);
 * - backwards from now (a synced profile keeps no snapshots, but every upstream transaction after
 *   its sync began following them, and an account's older history once fetched): the balance the
 *   store holds less the account's transfers after the moment.
 */
import type { ApiResult, MirrordeskApi, SyncStatus } from '../../../main/common/api-contract.ts';
import { formatCount, formatTimestamp } from './format.ts';
import { timestampToNanos, toBigInt } from './ledger-format.ts';
import type { Int64, Links, Transaction, TransactionMoney } from './ledger-types.ts';

/**
 * Where a worked-out balance was counted from: a snapshot (transfers added), the balance now
 * (transfers taken off), or the account's creation, which the moment came before (nothing held).
 */
export type BalanceBasis = 'snapshot' | 'now' | 'created';

export interface BalanceAt {
  balance: bigint;
  from: BalanceBasis;
  /** The snapshot's time, the time of the balance now, or the account's creation (`seconds.nanos`). */
  timestamp: string;
  /** The account's transactions between that time and the moment, whose transfers were counted. */
  transactions: number;
}

export type BalanceAtOutcome =
  | { kind: 'known'; value: BalanceAt }
  | { kind: 'no-snapshot' }
  /** A synced profile, asked about a moment before its sync began following transactions. */
  | { kind: 'before-following'; since: string }
  /** A synced profile whose balance now is newer than the transactions followed so far. */
  | { kind: 'catching-up'; balanceTimestamp: string; through: string }
  | { kind: 'too-many'; from: BalanceBasis; timestamp: string; pages: number }
  | { kind: 'failed'; message: string };

/** What a synced profile's store holds of an account's transactions: every one after `since`; followed up to `through`. */
export interface Followed {
  since: string;
  through: string;
}

type Getter = (path: string) => Promise<ApiResult<unknown>>;

export interface BalanceAtOptions {
  /** Pages of 100 transactions read at most (MAX_PAGES). */
  maxPages?: number;
  /** What the open profile holds of the account's transactions (followedFor); null or absent for a store with snapshots. */
  followed?: Followed | null;
  /**
   * The account's `created_timestamp`: a moment before it has nothing to count from (no snapshot
   * lists the account, a synced store may hold nothing that early), and the answer is none held.
   */
  created?: string | null;
}

/** Pages of 100 transactions read at most: an account as busy as the fee collector can have thousands in a day. */
export const MAX_PAGES = 20;

/**
 * What the open profile holds of one account's transactions: those followed since its sync began,
 * and before that whatever of the account's older history was fetched (`sync/account-history`).
 * Null for the demo ledger, or when the sync status cannot be read.
 */
export async function followedFor(api: Pick<MirrordeskApi, 'sync'>, account: string): Promise<Followed | null> {
  return (await followedForAll(api, [account]))[0]!;
}

/** followedFor for several accounts, the sync status read once for all; in the order given. */
export async function followedForAll(api: Pick<MirrordeskApi, 'sync'>, accounts: readonly string[]): Promise<Array<Followed | null>> {
  const status = await api.sync.status();
  const followed = status.ok ? followedOf(status.value) : null;
  return Promise.all(accounts.map(async (account) => {
    if (followed === null) return null;
    const history = await api.sync.accountHistory({ account, fetch: false });
    return history.ok && history.value.heldSince !== null ? { ...followed, since: history.value.heldSince } : followed;
  }));
}

export function followedOf(status: SyncStatus): Followed | null {
  if (status.followedSince === null) return null;
  return { since: status.followedSince, through: status.lastTransactionTimestamp ?? status.followedSince };
}

/** What a known balance was worked out from: `snapshot of 2026-10-14 17:00:00 UTC + 12 transactions`. */
export function balanceBasisText(value: BalanceAt): string {
  if (value.from === 'created') return `before the account was created (${formatTimestamp(value.timestamp)})`;
  if (value.from === 'now') {
    return `balance as of ${formatTimestamp(value.timestamp)}${value.transactions > 0 ? ` less ${formatCount(value.transactions, 'later transaction')}` : ''}`;
  }
  return `snapshot of ${formatTimestamp(value.timestamp)}${value.transactions > 0 ? ` + ${formatCount(value.transactions, 'transaction')}` : ''}`;
}

/** Why a balance is not known, in the words both of the app's balance views use. */
export function unknownBalanceText(outcome: Exclude<BalanceAtOutcome, { kind: 'known' }>, moment: string): string {
  switch (outcome.kind) {
    case 'no-snapshot': return `Not known: the local mirror holds no balance snapshot from before ${formatTimestamp(moment)}.`;
    case 'before-following': return `Not known: this profile holds the account's transactions after ${formatTimestamp(outcome.since)}, and none from before.`;
    case 'catching-up': return `Not known yet: the account's balance is as of ${formatTimestamp(outcome.balanceTimestamp)}, and the sync has followed transactions up to ${formatTimestamp(outcome.through)}. Open this again once it has caught up.`;
    case 'too-many': return outcome.from === 'now'
      ? `Not worked out: more than ${formatCount(MAX_PAGES * 100, 'transaction')} of this account between ${formatTimestamp(moment)} and now.`
      : `Not worked out: more than ${formatCount(MAX_PAGES * 100, 'transaction')} of this account between the snapshot of ${formatTimestamp(outcome.timestamp)} and ${formatTimestamp(moment)}.`;
    case 'failed': return `Could not work it out: ${outcome.message}`;
  }
}

/** What a balance is of: HBAR, or one token (fungible units, or an NFT collection's serial count). */
export type Asset = { kind: 'hbar' } | { kind: 'token'; token: string };

export const HBAR: Asset = { kind: 'hbar' };

/** The /balances answer lists at most this many tokens per account. */
const LISTED_TOKENS = 50;

/** The account's HBAR balance right after everything that reached consensus at or before `at` (`seconds.nanos`). */
export function hbarBalanceAt(get: Getter, account: string, at: string, options: BalanceAtOptions = {}): Promise<BalanceAtOutcome> {
  return balanceAt(get, account, HBAR, at, options);
}

/** The account's balance of `asset` right after everything that reached consensus at or before `at` (`seconds.nanos`). */
export async function balanceAt(get: Getter, account: string, asset: Asset, at: string, options: BalanceAtOptions = {}): Promise<BalanceAtOutcome> {
  return nthBalance(await balancesAt(get, account, [asset], at, options), 0);
}

/** The `i`th balance of a balancesAt outcome, as balanceAt gives one. */
export function nthBalance(outcome: BalancesAtOutcome, i: number): BalanceAtOutcome {
  if (outcome.kind !== 'known') return outcome;
  const { balances, ...basis } = outcome.value;
  return { kind: 'known', value: { balance: balances[i]!, ...basis } };
}

/** Several balances of one account at one moment, as balanceAt works each out: what they are counted from is read once for all. */
export type BalancesAtOutcome = Exclude<BalanceAtOutcome, { kind: 'known' }> | { kind: 'known'; value: Omit<BalanceAt, 'balance'> & { balances: bigint[] } };

export async function balancesAt(get: Getter, account: string, assets: readonly Asset[], at: string, options: BalanceAtOptions = {}): Promise<BalancesAtOutcome> {
  const followed = options.followed ?? null;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const created = options.created ?? null;
  if (created !== null && isBefore(at, created)) return { kind: 'known', value: { balances: assets.map(() => 0n), from: 'created', timestamp: created, transactions: 0 } };
  // A synced store holds the transactions after `since` only: a snapshot before that (the upstream's,
  // relayed) would be counted forward through transactions the store lacks, and come out wrong.
  if (followed) return isBefore(at, followed.since) ? { kind: 'before-following', since: followed.since } : backFromNow(get, account, assets, at, followed, maxPages);
  return forwardFromSnapshot(get, account, assets, at, maxPages);
}

async function forwardFromSnapshot(get: Getter, account: string, assets: readonly Asset[], at: string, maxPages: number): Promise<BalancesAtOutcome> {
  const own = await holdingsPage(get, `/api/v1/balances?account.id=${encodeURIComponent(account)}&timestamp=lte:${at}`);
  if ('failed' in own) return { kind: 'failed', message: own.failed };
  // An account the snapshot does not list (it did not exist yet, or held nothing) gets no snapshot
  // time either: the snapshot is then the one any account's answer names.
  const any = own.timestamp ? own : await holdingsPage(get, `/api/v1/balances?timestamp=lte:${at}&limit=1`);
  if ('failed' in any) return { kind: 'failed', message: any.failed };
  if (!any.timestamp) return { kind: 'no-snapshot' };
  const snapshot = any.timestamp;
  const row = own.balances?.find((entry) => entry.account === account);
  // More tokens than /balances lists: the account's own answer of that snapshot lists up to 1,000 (read once, when needed).
  const missing = assets.some((asset) => asset.kind === 'token' && !row?.tokens?.some((entry) => entry.token_id === asset.token));
  let whole: Holdings | undefined;
  if (missing && (row?.tokens?.length ?? 0) >= LISTED_TOKENS) {
    const answer = await get(`/api/v1/accounts/${encodeURIComponent(account)}?transactions=false&timestamp=lte:${at}`);
    if (!answer.ok) return { kind: 'failed', message: answer.error.message };
    whole = (answer.value as { balance?: Holdings }).balance;
  }
  const balances = assets.map((asset) => amountOf(row, asset) ?? amountOf(whole, asset) ?? 0n);
  if (snapshot === at) return { kind: 'known', value: { balances, from: 'snapshot', timestamp: snapshot, transactions: 0 } };
  const since = `/api/v1/transactions?account.id=${encodeURIComponent(account)}&timestamp=gt:${snapshot}&timestamp=lte:${at}&order=asc&limit=100`;
  const counted = await countChanges(get, since, account, assets, balances, 1n, maxPages);
  if (typeof counted !== 'number') return counted === 'too-many' ? { kind: 'too-many', from: 'snapshot', timestamp: snapshot, pages: maxPages } : counted;
  return { kind: 'known', value: { balances, from: 'snapshot', timestamp: snapshot, transactions: counted } };
}

/**
 * The store's balance now less the account's transfers after the moment. The sync stores the
 * account as the upstream answered it while storing the transactions that touched it, so the
 * two agree once the transactions up to that answer are followed: until then it is not known yet.
 */
async function backFromNow(get: Getter, account: string, assets: readonly Asset[], at: string, followed: Followed, maxPages: number): Promise<BalancesAtOutcome> {
  // The account's own answer lists up to 1,000 tokens.
  const answer = await get(`/api/v1/accounts/${encodeURIComponent(account)}?transactions=false`);
  if (!answer.ok) return { kind: 'failed', message: answer.error.message };
  const now = (answer.value as { balance?: Holdings & { timestamp?: string | null } }).balance;
  const timestamp = now?.timestamp ?? followed.through;
  if (isBefore(followed.through, timestamp)) return { kind: 'catching-up', balanceTimestamp: timestamp, through: followed.through };
  const balances = assets.map((asset) => amountOf(now, asset) ?? 0n);
  const after = `/api/v1/transactions?account.id=${encodeURIComponent(account)}&timestamp=gt:${at}&order=asc&limit=100`;
  const counted = await countChanges(get, after, account, assets, balances, -1n, maxPages);
  if (typeof counted !== 'number') return counted === 'too-many' ? { kind: 'too-many', from: 'now', timestamp, pages: maxPages } : counted;
  return { kind: 'known', value: { balances, from: 'now', timestamp, transactions: counted } };
}

/**
 * Adds (`sign` 1) or takes off (-1) each asset's change in every transaction of the account
 * listed from `first` on, page after page, into `balances`; answers how many transactions it counted.
 */
async function countChanges(get: Getter, first: string, account: string, assets: readonly Asset[], balances: bigint[], sign: bigint, maxPages: number):
  Promise<number | 'too-many' | { kind: 'failed'; message: string }> {
  let counted = 0;
  let next: string | null = first;
  for (let pages = 0; next !== null; pages++) {
    if (pages === maxPages) return 'too-many';
    const answer = await get(next);
    if (!answer.ok) return { kind: 'failed', message: answer.error.message };
    const body = answer.value as { transactions?: Transaction[]; links?: Links };
    for (const tx of body.transactions ?? []) {
      counted++;
      assets.forEach((asset, i) => { balances[i]! += sign * changeIn(tx, account, asset); });
    }
    next = (body.transactions?.length ?? 0) > 0 ? body.links?.next ?? null : null;
  }
  return counted;
}

/** What one transaction changed the account's balance of `asset` by. */
export function changeIn(tx: TransactionMoney, account: string, asset: Asset): bigint {
  let change = 0n;
  if (asset.kind === 'hbar') {
    for (const transfer of tx.transfers ?? []) if (transfer.account === account) change += toBigInt(transfer.amount) ?? 0n;
    return change;
  }
  for (const transfer of tx.token_transfers ?? []) {
    if (transfer.account === account && transfer.token_id === asset.token) change += toBigInt(transfer.amount) ?? 0n;
  }
  for (const nft of tx.nft_transfers ?? []) {
    if (nft.token_id !== asset.token) continue;
    if (nft.receiver_account_id === account) change += 1n;
    if (nft.sender_account_id === account) change -= 1n;
  }
  return change;
}

/** An account's balance as /balances and /accounts/{id} give it: HBAR, and a list of tokens. */
type Holdings = { balance?: unknown; tokens?: Array<{ token_id: string; balance: unknown }> };

/** The amount of `asset` the holdings list; null when they do not list that token. */
function amountOf(holdings: Holdings | undefined, asset: Asset): bigint | null {
  if (holdings === undefined) return null;
  if (asset.kind === 'hbar') return toBigInt(holdings.balance as Int64 | undefined) ?? 0n;
  const listed = holdings.tokens?.find((entry) => entry.token_id === asset.token);
  return listed ? toBigInt(listed.balance as Int64) ?? 0n : null;
}

/** `a` reached consensus before `b` (both `seconds.nanos`). */
function isBefore(a: string, b: string): boolean {
  const [x, y] = [timestampToNanos(a), timestampToNanos(b)];
  return x !== null && y !== null && x < y;
}

type HoldingsPage = { timestamp?: string | null; balances?: Array<Holdings & { account: string }> };

async function holdingsPage(get: Getter, path: string): Promise<HoldingsPage | { failed: string }> {
  const answer = await get(path);
  return answer.ok ? answer.value as HoldingsPage : { failed: answer.error.message };
}
