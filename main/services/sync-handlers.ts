import { ApiFailure } from '../bridge/api-error.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import { AccountHistoryError } from '../sync/account-history.ts';
import { UpstreamFormatError } from '../sync/upstream-values.ts';
import type { ProfileSession } from './profile-session.ts';

type SyncHandlers = Pick<ApiHandlers, 'sync/status' | 'sync/pause' | 'sync/resume' | 'sync/resync' | 'sync/account-history'>;

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
    'sync/account-history': async ({ account, fetch }) => {
      const history = session().accountHistory;
      if (!history) throw new ApiFailure('unavailable', `the ${session().profile.name} profile holds its whole ledger: there is no older history to fetch`);
      try {
        return fetch ? await history.fetch(account) : history.held(account);
      } catch (error) {
        if (error instanceof AccountHistoryError || error instanceof UpstreamFormatError) throw new ApiFailure('unavailable', error.message);
        throw error;
      }
    },
  };
}
