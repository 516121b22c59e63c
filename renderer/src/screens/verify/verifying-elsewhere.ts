import type { VerifySessionView } from '../../../../main/common/verify-types.ts';
import { SESSION_CHANGED } from '../../../../main/common/verify-session-changed.ts';

/**
 * How long the screen waits for word of a verification another request is running before it asks
 * for the session itself. Its end comes as a `verify/session-changed` event; this slow ask covers
 * an event lost while the event stream was down and reconnecting (the browser reconnects it on its
 * own, and what was said meanwhile is not said again).
 */
export const VERIFYING_FALLBACK_POLL_MS = 12_000;

/**
 * Whether the session has a contract being verified by a request this page is not waiting for
 * (`own`: the ids its own pending requests verify): made before a reload, or in another window.
 * Its answer comes to that request only: the screen reads the session again when told it changed,
 * and asks for it now and then until the answer is in.
 */
export function verifyingElsewhere(view: VerifySessionView, own: ReadonlySet<string>): boolean {
  return view.contracts.some((c) => c.verifying && !own.has(c.verificationId));
}

/** Said when a contract verified here is not in the session any more; the screen shows the session as it is now. */
export const SESSION_CHANGED_NOTICE = SESSION_CHANGED;

/** Said when reading the session failed while the answer of a verification under way is awaited; the screen asks again. */
export function pollFailedNotice(reason: string): string {
  return `Could not ask for the answer of the verification under way (${reason.replace(/\.$/, '')}); asking again.`;
}
