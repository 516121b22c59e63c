import type { StatusPollState } from '../../../main/common/status-types.ts';

/** What the Status screen's upstream-error alert says: the error, and when it was first shown. */
export interface UpstreamErrorAlert {
  error: string;
  /** The failed poll the alert first told of (ISO); later failures with the same error keep it. */
  at: string | null;
}

/**
 * The alert for the poll state, given the one shown before. A screen reader reads a live region
 * again whenever its text changes: each failed poll moves `lastErrorAt`, so the alert keeps the
 * instant it first told of while the error stays the same (the same object, nothing re-rendered),
 * and changes only with the error itself. How long ago the last try was is said outside the alert.
 */
export function upstreamErrorAlert(shown: UpstreamErrorAlert | null, poll: Pick<StatusPollState, 'lastError' | 'lastErrorAt'>): UpstreamErrorAlert | null {
  if (!poll.lastError) return null;
  if (shown !== null && shown.error === poll.lastError) return shown;
  return { error: poll.lastError, at: poll.lastErrorAt };
}
