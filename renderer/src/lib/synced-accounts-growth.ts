import type { MirrordeskApi, SyncStatus } from '../../../main/common/api-contract.ts';
import type { SyncPhaseProgress } from '../../../main/common/sync-types.ts';
import { entryMemory, type EntryNote } from './entry-memory.ts';
import type { PagedList } from './paged-list.ts';
import { watchSync } from './sync-watch.ts';

/**
 * What a new sync status says about the accounts the local store holds, for a list read from it:
 * `grew` when the crawl stored more of them, `completed` when the accounts' pass just went through.
 * A synced profile is ready before its crawl has stored anything, so a list loaded at once starts
 * empty and would stay so without being told.
 */
export type AccountsGrowth = 'grew' | 'completed' | null;

export function accountsGrowth(before: SyncStatus | null, after: SyncStatus): AccountsGrowth {
  if (!before || before.profile !== after.profile || after.upstream === null) return null;
  const was = accountsPhase(before);
  const is = accountsPhase(after);
  // A pass through shows as `complete`, or, when the next pass began between two statuses, as one more pass.
  if (is && ((is.complete && !was?.complete) || is.passes > (was?.passes ?? 0))) return 'completed';
  return after.accountsInStore > before.accountsInStore ? 'grew' : null;
}

function accountsPhase(status: SyncStatus): SyncPhaseProgress | undefined {
  return status.phases.find((phase) => phase.name === 'accounts');
}

/**
 * Whether a list read from the store should be loaded again after `growth`: only one that shows
 * all it matched (no further page to scroll to) and so is missing what was stored since; while the
 * crawl grows, only one shorter than a page, so a reader paging through a long list keeps their place.
 * Once the accounts are through, also one that shows only its first page: no place is lost there,
 * and a list in descending order (a token's holders) has had its first rows crawled last.
 */
export function shouldReloadForGrowth(growth: AccountsGrowth, list: { status: string; hasMore: boolean; pages: number; items: { length: number } }, pageSize: number): boolean {
  if (growth === null || list.status !== 'ready') return false;
  if (growth === 'completed') return !list.hasMore || list.pages <= 1;
  return !list.hasMore && list.items.length < pageSize;
}

/**
 * Calls `onGrowth` each time the open profile's sync stores more accounts or finishes their pass.
 * `seen`, the note of the list's history entry (entry-memory.ts), keeps the last status heard: a
 * list brought back by Back, as it was left, is compared with the store as it was then, so what the
 * crawl stored while the user was away counts as growth at once.
 */
export function watchAccountsGrowth(api: MirrordeskApi, onGrowth: (growth: Exclude<AccountsGrowth, null>) => void, seen?: EntryNote<SyncStatus>): () => void {
  let last: SyncStatus | null = seen?.recalled ?? null;
  return watchSync(api, (status) => {
    const growth = accountsGrowth(last, status);
    last = status;
    seen?.keep(status);
    if (growth) onGrowth(growth);
  });
}

/**
 * Loads `list` again in place each time the open profile's sync grows the accounts, when
 * shouldReloadForGrowth says it is missing them (`pageSize`: the list's page size). The last status
 * heard is noted under `slot` at the history entry showing now (call it as the list is shown at an
 * entry), so rows brought back by Back are compared with the store as it was when they were left.
 * Returns the function that stops watching.
 */
export function watchListGrowth<T>(api: MirrordeskApi, list: PagedList<T>, pageSize: number, slot: string): () => void {
  const seen = entryMemory().at<SyncStatus>(slot);
  return watchAccountsGrowth(api, (growth) => {
    if (shouldReloadForGrowth(growth, list.snapshot, pageSize)) void list.refresh();
  }, seen);
}
