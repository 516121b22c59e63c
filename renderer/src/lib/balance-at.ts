/**
 * An account's HBAR or token balance at any consensus moment, from what the mirror API offers:
 * the newest balance snapshot at or before it (`/balances?timestamp=`, which a mirror node keeps
 * every so often, not at every transaction) plus the account's transfers since that snapshot
 * (`/transactions?account.id=`), summed here.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { formatCount, formatTimestamp } from './format.ts';
import { toBigInt } from './ledger-format.ts';
import type { Int64, Links, Transaction, TransactionMoney } from './ledger-types.ts';

export interface BalanceAt {
  balance: bigint;
  /** The snapshot counted from (`seconds.nanos`). */
  snapshot: string;
  /** Transactions of the account between the snapshot and the moment, whose transfers were added. */
  since: number;
}

export type BalanceAtOutcome =
  | { kind: 'known'; value: BalanceAt }
  | { kind: 'no-snapshot' }
  | { kind: 'too-many'; snapshot: string; pages: number }
  | { kind: 'failed'; message: string };

type Getter = (path: string) => Promise<ApiResult<unknown>>;

/** Pages of 100 transactions read at most: an account as busy as the fee collector can have thousands in a day. */
export const MAX_PAGES = 20;

/** What a known balance was worked out from: `snapshot of 2026-10-14 17:00:00 UTC + 12 transactions`. */
export function balanceBasisText(value: BalanceAt): string {
  return `snapshot of ${formatTimestamp(value.snapshot)}${value.since > 0 ? ` + ${formatCount(value.since, 'transaction')}` : ''}`;
}

/** Why a balance is not known, in the words both of the app's balance views use. */
export function unknownBalanceText(outcome: Exclude<BalanceAtOutcome, { kind: 'known' }>, moment: string): string {
  switch (outcome.kind) {
    case 'no-snapshot': return `Not known: the local mirror holds no balance snapshot from before ${formatTimestamp(moment)}.`;
    case 'too-many': return `Not worked out: more than ${formatCount(MAX_PAGES * 100, 'transaction')} of this account between the snapshot of ${formatTimestamp(outcome.snapshot)} and ${formatTimestamp(moment)}.`;
    case 'failed': return `Could not work it out: ${outcome.message}`;
  }
}

/** What a balance is of: HBAR, or one token (fungible units, or an NFT collection's serial count). */
export type Asset = { kind: 'hbar' } | { kind: 'token'; token: string };

export const HBAR: Asset = { kind: 'hbar' };

/** The /balances answer lists at most this many tokens per account. */
const LISTED_TOKENS = 50;

/** The account's HBAR balance right after everything that reached consensus at or before `at` (`seconds.nanos`). */
export function hbarBalanceAt(get: Getter, account: string, at: string, maxPages = MAX_PAGES): Promise<BalanceAtOutcome> {
  return balanceAt(get, account, HBAR, at, maxPages);
}

/** The account's balance of `asset` right after everything that reached consensus at or before `at` (`seconds.nanos`). */
export async function balanceAt(get: Getter, account: string, asset: Asset, at: string, maxPages = MAX_PAGES): Promise<BalanceAtOutcome> {
  return nthBalance(await balancesAt(get, account, [asset], at, maxPages), 0);
}

/** The `i`th balance of a balancesAt outcome, as balanceAt gives one. */
export function nthBalance(outcome: BalancesAtOutcome, i: number): BalanceAtOutcome {
  if (outcome.kind !== 'known') return outcome;
  const { balances, snapshot, since } = outcome.value;
  return { kind: 'known', value: { balance: balances[i]!, snapshot, since } };
}

/** Several balances of one account at one moment, as balanceAt works each out: the snapshot and the transactions since are read once for all. */
export type BalancesAtOutcome = Exclude<BalanceAtOutcome, { kind: 'known' }> | { kind: 'known'; value: Omit<BalanceAt, 'balance'> & { balances: bigint[] } };

export async function balancesAt(get: Getter, account: string, assets: readonly Asset[], at: string, maxPages = MAX_PAGES): Promise<BalancesAtOutcome> {
  const own = await snapshotPage(get, `/api/v1/balances?account.id=${encodeURIComponent(account)}&timestamp=lte:${at}`);
  if ('failed' in own) return { kind: 'failed', message: own.failed };
  // An account the snapshot does not list (it did not exist yet, or held nothing) gets no snapshot
  // time either: the snapshot is then the one any account's answer names.
  const any = own.timestamp ? own : await snapshotPage(get, `/api/v1/balances?timestamp=lte:${at}&limit=1`);
  if ('failed' in any) return { kind: 'failed', message: any.failed };
  if (!any.timestamp) return { kind: 'no-snapshot' };
  const snapshot = any.timestamp;
  const row = own.balances?.find((entry) => entry.account === account);
  // More tokens than /balances lists: the account's own answer of that snapshot lists up to 1,000 (read once, when needed).
  let wholeTokens: Array<{ token_id: string; balance: unknown }> | null = null;
  const balances: bigint[] = [];
  for (const asset of assets) {
    if (asset.kind === 'hbar') {
      balances.push(toBigInt(row?.balance as Int64 | undefined) ?? 0n);
      continue;
    }
    let listed = row?.tokens?.find((entry) => entry.token_id === asset.token);
    if (!listed && (row?.tokens?.length ?? 0) >= LISTED_TOKENS) {
      if (wholeTokens === null) {
        const whole = await get(`/api/v1/accounts/${encodeURIComponent(account)}?transactions=false&timestamp=lte:${at}`);
        if (!whole.ok) return { kind: 'failed', message: whole.error.message };
        wholeTokens = (whole.value as { balance?: { tokens?: Array<{ token_id: string; balance: unknown }> } }).balance?.tokens ?? [];
      }
      listed = wholeTokens.find((entry) => entry.token_id === asset.token);
    }
    balances.push(toBigInt(listed?.balance as Int64 | undefined) ?? 0n);
  }
  let since = 0;
  let next: string | null = snapshot === at ? null
    : `/api/v1/transactions?account.id=${encodeURIComponent(account)}&timestamp=gt:${snapshot}&timestamp=lte:${at}&order=asc&limit=100`;
  for (let pages = 0; next !== null; pages++) {
    if (pages === maxPages) return { kind: 'too-many', snapshot, pages };
    const answer = await get(next);
    if (!answer.ok) return { kind: 'failed', message: answer.error.message };
    const body = answer.value as { transactions?: Transaction[]; links?: Links };
    for (const tx of body.transactions ?? []) {
      since++;
      assets.forEach((asset, i) => { balances[i]! += changeIn(tx, account, asset); });
    }
    next = (body.transactions?.length ?? 0) > 0 ? body.links?.next ?? null : null;
  }
  return { kind: 'known', value: { balances, snapshot, since } };
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

type SnapshotPage = { timestamp?: string | null; balances?: Array<{ account: string; balance: unknown; tokens?: Array<{ token_id: string; balance: unknown }> }> };

async function snapshotPage(get: Getter, path: string): Promise<SnapshotPage | { failed: string }> {
  const answer = await get(path);
  return answer.ok ? answer.value as SnapshotPage : { failed: answer.error.message };
}
