/**
 * The transaction at one consensus time. Transactions open by their id (the Transaction screen's
 * address), but the ledger also points at them by consensus time (an inner or child transaction's
 * `parent_consensus_timestamp`; a time copied from a record): this finds the id that time has.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { transactionHref } from './explorer-routes.ts';
import { mirrorGet, mirrorPath, type MirrorReader } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';

/** What opens a transaction, and what it is. */
export interface TransactionAt {
  id: string;
  nonce: number;
  name: string;
  /** Its Transaction screen. */
  href: string;
}

/** No two transactions share a consensus time: the one asked for is the list's only row. */
export function transactionAtPath(timestamp: string): string {
  return mirrorPath(['transactions'], { timestamp, limit: 1 });
}

/** The transaction a `transactionAtPath` answer holds; null when there is none at that time. */
export function transactionAtOf(body: unknown): TransactionAt | null {
  const first = (body as { transactions?: Array<Record<string, unknown>> } | null)?.transactions?.[0];
  const id = first?.transaction_id;
  if (typeof id !== 'string' || id === '') return null;
  const nonce = typeof first!.nonce === 'number' ? first!.nonce : 0;
  return { id, nonce, name: typeof first!.name === 'string' ? first!.name : 'transaction', href: transactionHref(id, nonce) };
}

/** The transaction at that time among those a page shows already (a child record's parent, in the same answer); null when it is not there. */
export function transactionAtAmong(transactions: ReadonlyArray<{ consensus_timestamp?: unknown }>, timestamp: string): TransactionAt | null {
  const here = transactions.find((tx) => tx.consensus_timestamp === timestamp);
  return here ? transactionAtOf({ transactions: [here] }) : null;
}

export async function transactionAt(api: MirrorReader, timestamp: string): Promise<ApiResult<TransactionAt | null>> {
  const result = await settledApiCall(() => mirrorGet<unknown>(api, transactionAtPath(timestamp)));
  return result.ok ? { ok: true, value: transactionAtOf(result.value) } : result;
}
