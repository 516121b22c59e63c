import type { VerifySessionView } from '../../../../main/common/verify-types.ts';
import { SESSION_CHANGED } from '../../../../main/common/verify-session-changed.ts';

/** How often the screen asks again for a verification another request is running. */
export const VERIFYING_POLL_MS = 1000;

/**
 * Whether the session has a contract being verified by a request this page is not waiting for
 * (`own`: the ids its own pending requests verify): made before a reload, or in another window.
 * Its answer comes to that request only, so the screen asks for the session again until it is in.
 */
export function verifyingElsewhere(view: VerifySessionView, own: ReadonlySet<string>): boolean {
  return view.contracts.some((c) => c.verifying && !own.has(c.verificationId));
}

/** Said when a contract verified here is not in the session any more; the screen shows the session as it is now. */
export const SESSION_CHANGED_NOTICE = SESSION_CHANGED;

/** Said when asking for the answer of a verification under way failed; the screen asks again. */
export function pollFailedNotice(reason: string): string {
  return `Could not ask for the answer of the verification under way (${reason.replace(/\.$/, '')}); asking again.`;
}
