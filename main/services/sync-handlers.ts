import { ApiFailure } from '../bridge/api-error.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import { HistoryFetchError } from '../sync/history-requests.ts';
import { isSqliteError } from '../mirror/store/sqlite-error.ts';
import { describeSyncFailure } from '../sync/store-failure.ts';
import { UpstreamFormatError } from '../sync/upstream-values.ts';
import type { ProfileSession } from './profile-session.ts';

type SyncHandlers = Pick<ApiHandlers, 'sync/status' | 'sync/pause' | 'sync/resume' | 'sync/resync' | 'sync/account-history' | 'sync/topic-history' | 'sync/retention'>;

/** The `sync/*` channels over the open profile's sync engine. */
export function createSyncHandlers(session: () => ProfileSession): SyncHandlers {
  const engine = () => {
    const sync = session().sync;
    if (!sync) throw new ApiFailure('unavailable', `the ${session().profile.name} profile has no upstream to sync from`);
    return sync;
  };
  return {
    'sync/status': () => session().syncStatus(),
    'sync/pause': async () => {
      await engine().pause();
      return session().syncStatus();
    },
    'sync/resume': () => {
      engine().resume();
      return session().syncStatus();
    },
    'sync/resync': async () => {
      await engine().resync();
      return session().syncStatus();
    },
    'sync/account-history': ({ account, fetch }) => historyOf(session().accountHistory, account, fetch),
    'sync/topic-history': ({ topic, fetch }) => historyOf(session().topicHistory, topic, fetch),
    'sync/retention': async ({ keepDays }) => {
      try {
        await engine().keepDays(keepDays);
      } catch (error) {
        // The store could not be written (a full disk cannot even grow its log to delete): said as the sync says it.
        if (isSqliteError(error)) throw new ApiFailure('unavailable', describeSyncFailure(error, session().store.db.name));
        throw error;
      }
      return session().syncStatus();
    },
  };

  /** What the store holds of an entity's history; with `fetch`, after storing more of it. */
  async function historyOf<T>(history: { held(id: string): T; fetch(id: string): Promise<T> } | null, id: string, fetch: boolean): Promise<T> {
    if (!history) throw new ApiFailure('unavailable', `the ${session().profile.name} profile holds its whole ledger: there is no older history to fetch`);
    try {
      return fetch ? await history.fetch(id) : history.held(id);
    } catch (error) {
      if (error instanceof HistoryFetchError || error instanceof UpstreamFormatError) throw new ApiFailure('unavailable', error.message);
      throw error;
    }
  }
}
