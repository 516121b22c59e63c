/**
 * An account's HBAR balance at any consensus moment, from what the mirror API offers: the
 * newest balance snapshot at or before it (`/balances?timestamp=`, which a mirror node keeps
 * every so often, not at every transaction) plus the account's transfers since that snapshot
 * (`/transactions?account.id=`), summed here.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { formatCount, formatTimestamp } from './format.ts';
import { toBigInt } from './ledger-format.ts';
import type { Links, Transaction } from './ledger-types.ts';

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

/** Why a balance is not known, in the words both of the app's balance views use. */
export function unknownBalanceText(outcome: Exclude<BalanceAtOutcome, { kind: 'known' }>, moment: string): string {
  switch (outcome.kind) {
    case 'no-snapshot': return `Not known: the local mirror holds no balance snapshot from before ${formatTimestamp(moment)}.`;
    case 'too-many': return `Not worked out: more than ${formatCount(MAX_PAGES * 100, 'transaction')} of this account between the snapshot of ${formatTimestamp(outcome.snapshot)} and ${formatTimestamp(moment)}.`;
    case 'failed': return `Could not work it out: ${outcome.message}`;
  }
}

/** A nanosecond count as the mirror's `seconds.nanos` text. */
export function timestampOf(nanos: bigint): string {
  return `${nanos / 1_000_000_000n}.${String(nanos % 1_000_000_000n).padStart(9, '0')}`;
}

/** A `seconds.nanos` text as a nanosecond count; null when it is not one. */
export function nanosOf(timestamp: string): bigint | null {
  const match = /^(\d{1,10})\.(\d{9})$/.exec(timestamp);
  return match ? BigInt(match[1]!) * 1_000_000_000n + BigInt(match[2]!) : null;
}

/** The account's HBAR balance right after everything that reached consensus at or before `at` (`seconds.nanos`). */
export async function hbarBalanceAt(get: Getter, account: string, at: string, maxPages = MAX_PAGES): Promise<BalanceAtOutcome> {
  const own = await snapshotPage(get, `/api/v1/balances?account.id=${encodeURIComponent(account)}&timestamp=lte:${at}`);
  if ('failed' in own) return { kind: 'failed', message: own.failed };
  // An account the snapshot does not list (it did not exist yet, or held nothing) gets no snapshot
  // time either: the snapshot is then the one any account's answer names.
  const any = own.timestamp ? own : await snapshotPage(get, `/api/v1/balances?timestamp=lte:${at}&limit=1`);
  if ('failed' in any) return { kind: 'failed', message: any.failed };
  if (!any.timestamp) return { kind: 'no-snapshot' };
  const snapshot = any.timestamp;
  let balance = toBigInt(own.balances?.find((row) => row.account === account)?.balance as string | number | bigint | undefined) ?? 0n;
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
      for (const transfer of tx.transfers ?? []) if (transfer.account === account) balance += toBigInt(transfer.amount) ?? 0n;
    }
    next = (body.transactions?.length ?? 0) > 0 ? body.links?.next ?? null : null;
  }
  return { kind: 'known', value: { balance, snapshot, since } };
}

type SnapshotPage = { timestamp?: string | null; balances?: Array<{ account: string; balance: unknown }> };

async function snapshotPage(get: Getter, path: string): Promise<SnapshotPage | { failed: string }> {
  const answer = await get(path);
  return answer.ok ? answer.value as SnapshotPage : { failed: answer.error.message };
}
