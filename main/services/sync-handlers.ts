import { ApiFailure } from '../bridge/api-error.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import { HistoryFetchError } from '../sync/history-requests.ts';
import { CompactionRoomError } from '../mirror/store/compact-store.ts';
import { isDamagedStoreError, isSqliteError } from '../mirror/store/sqlite-error.ts';
import { describeSyncFailure } from '../sync/store-failure.ts';
import { StoreCompactingError } from '../sync/sync-compaction.ts';
import { StoreDamagedError, type SyncEngine } from '../sync/sync-engine.ts';
import { UpstreamFormatError } from '../sync/upstream-values.ts';
import type { ProfileSession } from './profile-session.ts';

type SyncHandlers = Pick<ApiHandlers, 'sync/status' | 'sync/pause' | 'sync/resume' | 'sync/resync' | 'sync/account-history' | 'sync/topic-history' | 'sync/retention' | 'sync/compact'>;

/** The `sync/*` channels over the open profile's sync engine. */
export function createSyncHandlers(session: () => ProfileSession): SyncHandlers {
  const engine = () => {
    const sync = session().sync;
    if (!sync) throw new ApiFailure('unavailable', `the ${session().profile.name} profile has no upstream to sync from`);
    return sync;
  };
  return {
    'sync/status': () => session().syncStatus(),
    'sync/pause': () => act((sync) => sync.pause()),
    'sync/resume': () => act((sync) => sync.resume()),
    'sync/resync': () => act((sync) => sync.resync()),
    'sync/account-history': ({ account, fetch }) => historyOf(session().accountHistory, account, fetch),
    'sync/topic-history': ({ topic, fetch }) => historyOf(session().topicHistory, topic, fetch),
    'sync/retention': ({ keepDays }) => act((sync) => sync.keepDays(keepDays)),
    'sync/compact': () => act(async (sync) => {
      try {
        await sync.compact();
      } catch (error) {
        throwIfDamaged(error);
        // Failed in SQLite (a disk filled meanwhile): rolled back, which the sync's wording would not say.
        if (isSqliteError(error)) throw new ApiFailure('unavailable', `the store could not be compacted: ${error.message} (${error.code}); what it holds is unchanged`);
        throw error;
      }
    }),
  };

  /**
   * Runs an action of the sync engine and answers its status after it. What the store or the disk
   * refused (a full disk cannot even grow the log to delete; too little room to compact; a
   * compaction under way) is said as the sync says it.
   */
  async function act(action: (sync: SyncEngine) => void | Promise<void>) {
    try {
      await action(engine());
    } catch (error) {
      if (error instanceof StoreCompactingError || error instanceof StoreDamagedError || error instanceof CompactionRoomError) throw new ApiFailure('unavailable', error.message);
      throwIfDamaged(error);
      if (isSqliteError(error)) throw new ApiFailure('unavailable', describeSyncFailure(error, session().store.db.name));
      throw error;
    }
    return session().syncStatus();
  }

  /** What the store holds of an entity's history; with `fetch`, after storing more of it. */
  async function historyOf<T>(history: { held(id: string): T; fetch(id: string): Promise<T> } | null, id: string, fetch: boolean): Promise<T> {
    if (!history) throw new ApiFailure('unavailable', `the ${session().profile.name} profile holds its whole ledger: there is no older history to fetch`);
    // Nothing may write while the store is compacted; what is held can still be read.
    if (fetch && session().sync?.compacting) throw new ApiFailure('unavailable', new StoreCompactingError().message);
    try {
      return fetch ? await history.fetch(id) : history.held(id);
    } catch (error) {
      if (error instanceof HistoryFetchError || error instanceof UpstreamFormatError) throw new ApiFailure('unavailable', error.message);
      throwIfDamaged(error);
      // A fetch that began before a compaction cannot store its next page until the compaction ends.
      if (isSqliteError(error)) throw new ApiFailure('unavailable', session().sync?.compacting ? new StoreCompactingError().message : describeSyncFailure(error, session().store.db.name));
      throw error;
    }
  }

  /**
   * What the user asked for met a damaged store: it is marked to be rebuilt, as when the sync or a
   * query meets one, and refused in the profile's words (which say whether the marking worked).
   */
  function throwIfDamaged(error: unknown): void {
    if (isDamagedStoreError(error)) throw new ApiFailure('unavailable', session().storeDamaged(error));
  }
}
