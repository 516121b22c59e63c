/**
 * Transactions that reached the local mirror after a list was loaded (a sync following its
 * upstream, a local node's mirror): counted, not inserted, so the rows being read do not move;
 * the screen offers to show them.
 */
import type { MirrordeskApi } from '../../../main/common/api-contract.ts';
import { onPageShown, pageHidden } from './page-visibility.ts';
import { boundedAbove, transactionFiltersQuery, type TransactionFilters } from './transaction-filters.ts';

/** Counted up to a page: beyond it the screen says "100+". */
export const NEWER_LIMIT = 100;
const POLL_MS = 5000;

/** Whether a list with these filters can gain rows at its top: it is not pinned to a timestamp or bounded above by one. */
export function followsNewest(filters: TransactionFilters): boolean {
  return !boundedAbove(filters);
}

/** The transactions matching `filters` that are newer than `since` (a consensus timestamp), as a mirror path. */
export function newerPath(filters: TransactionFilters, since: string): string {
  const query = transactionFiltersQuery(filters);
  return `/api/v1/transactions?${query ? `${query}&` : ''}timestamp=gt:${since}&limit=${NEWER_LIMIT}`;
}

/**
 * Asks every `intervalMs` how many transactions matching `filters` are newer than `since`, and
 * reports the count when it changes (0 is not reported). A failed ask is skipped: the next one
 * tries again. While the page is hidden it skips its turns, and asks as soon as it is shown again.
 * Returns the function that stops it.
 */
export function watchNewer(api: Pick<MirrordeskApi, 'mirror'>, filters: TransactionFilters, since: string, onCount: (count: number) => void,
  intervalMs = POLL_MS): () => void {
  const path = newerPath(filters, since);
  let last = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let asking = false;
  const ask = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    // Hidden: the chain stops here, and starts again when the page is shown (onPageShown below).
    if (pageHidden() || asking) return;
    asking = true;
    // A call that rejects (the bridge gone for a moment) counts as a failed ask: the watch goes on.
    const result = await api.mirror.get({ path }).catch(() => null).finally(() => { asking = false; });
    if (stopped) return;
    const count = result?.ok ? ((result.value.body as { transactions?: unknown[] } | null)?.transactions?.length ?? 0) : last;
    if (count !== last && count > 0) onCount(count);
    last = count;
    timer = setTimeout(() => void ask(), intervalMs);
  };
  timer = setTimeout(() => void ask(), intervalMs);
  const offShown = onPageShown(() => void ask());
  return () => {
    stopped = true;
    offShown();
    if (timer !== null) clearTimeout(timer);
  };
}
