import type { ApiResult } from '../common/api-contract.ts';
import type { Dispatcher } from '../bridge/dispatch.ts';
import { REQUESTS_CLOSE_LIMIT_MS } from '../http/close-connections-within-limit.ts';

/** The words a switch asked for while quitting fails with (profile-host.ts): one reason, said alike. */
export const SHUTTING_DOWN = 'the app is shutting down';

export interface ClosingCalls {
  /** The app's dispatcher, until `close()`; from then on every call answers `unavailable`. */
  dispatch: Dispatcher;
  /**
   * Refuses every call from now on, at once; resolves once the calls already under way have
   * answered, or after the limit, whichever comes first. Never rejects.
   */
  close(): Promise<void>;
}

/**
 * The window's way to the services, which a quit can shut before the services close: what the
 * web UI's bridge is to `serve`, closed first there too. Without it a call made while the
 * services closed reached a closed database and came back as `internal: … failed unexpectedly`,
 * with a `TypeError: The database connection is not open` stack in the log. A call under way is
 * given the few seconds a port gives its requests on close (REQUESTS_CLOSE_LIMIT_MS).
 */
export function closingCalls(dispatch: Dispatcher, limitMs = REQUESTS_CLOSE_LIMIT_MS): ClosingCalls {
  let closing = false;
  const underWay = new Set<Promise<unknown>>();
  const refused: ApiResult<never> = { ok: false, error: { code: 'unavailable', message: SHUTTING_DOWN, details: [] } };
  return {
    dispatch: async (channel, request) => {
      if (closing) return refused;
      const call = dispatch(channel, request);
      underWay.add(call);
      try {
        return await call;
      } finally {
        underWay.delete(call);
      }
    },
    close() {
      closing = true;
      if (underWay.size === 0) return Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => { timer = setTimeout(resolve, limitMs); });
      const answered = Promise.allSettled([...underWay]).then(() => undefined);
      return Promise.race([answered, limit]).finally(() => clearTimeout(timer));
    },
  };
}
