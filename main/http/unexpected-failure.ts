import { isSqliteError } from '../mirror/store/sqlite-error.ts';
import type { RepeatLimitedLog } from './repeat-limited-log.ts';

/** What an API answers for a failure that is not the request's fault. */
export interface UnexpectedAnswer {
  status: 500 | 503;
  message: string;
}

/**
 * A failure no client caused, logged and turned into an answer: SQLite's (a locked or unreadable
 * store) is a 503, as passing as the store's trouble; anything else a 500, logged with its stack.
 * Logged once in a while per kind, keyed by the failure rather than the URL, so a damaged store
 * under every route is one line. `failed` names the request ("status API: GET /x failed").
 */
export function answerUnexpected(logFailure: RepeatLimitedLog, failed: string, error: unknown): UnexpectedAnswer {
  if (isSqliteError(error)) {
    logFailure(`${error.code}: ${error.message}`, `${failed}: ${error.message} (${error.code})`);
    return { status: 503, message: 'Service unavailable' };
  }
  const message = error instanceof Error ? error.message : String(error);
  logFailure(message, `${failed}: ${error instanceof Error ? (error.stack ?? message) : message}`);
  return { status: 500, message: 'Internal error' };
}
