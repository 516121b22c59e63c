import type { MirrordeskApi, NetworkInfo } from '../../../main/common/api-contract.ts';
import { pollWhileShown } from './page-visibility.ts';
import { settledApiCall } from './settled-api-call.ts';

/** Often enough for the progress to move visibly, rarely enough to cost main nothing. */
const POLL_MS = 2000;

/**
 * While the demo ledger is generated, the network's state every 2 s, to `onStatus`: events can be
 * missed while the event stream (re)connects, and the progress and the moment it is ready must
 * still show. A hidden page skips its turns; shown again, it asks at once rather than show a
 * progress as old as the time it was hidden. Returns the function that stops it.
 *
 * Two questions can be out at once (the page shown, then the timer's turn): an answer older than
 * one already handed on is dropped, so a "generating" arriving after "ready" cannot bring the
 * progress back (and a main slower than the timer still gets its answers through). A question
 * that fails is dropped; the next turn asks again.
 */
export function pollGeneration(api: MirrordeskApi, onStatus: (network: NetworkInfo) => void): () => void {
  let stopped = false;
  let asked = 0;
  let handedOn = 0;
  const ask = async (): Promise<void> => {
    const number = ++asked;
    // A question that fails has nothing to show: the timer asks again.
    const result = await settledApiCall(() => api.network.status());
    if (!result.ok || stopped || number < handedOn) return;
    handedOn = number;
    onStatus(result.value);
  };
  const stopPolling = pollWhileShown(() => void ask(), POLL_MS);
  return () => {
    stopped = true;
    stopPolling();
  };
}
