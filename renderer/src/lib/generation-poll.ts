import type { MirrordeskApi, NetworkInfo } from '../../../main/common/api-contract.ts';
import { onPageShown, pageHidden } from './page-visibility.ts';

/** Often enough for the progress to move visibly, rarely enough to cost main nothing. */
const POLL_MS = 2000;

/**
 * While the demo ledger is generated, the network's state every 2 s, to `onStatus`: events can be
 * missed while the event stream (re)connects, and the progress and the moment it is ready must
 * still show. A hidden page skips its turns; shown again, it asks at once rather than show a
 * progress as old as the time it was hidden. Returns the function that stops it.
 */
export function pollGeneration(api: MirrordeskApi, onStatus: (network: NetworkInfo) => void): () => void {
  let stopped = false;
  const ask = async (): Promise<void> => {
    const result = await api.network.status();
    if (result.ok && !stopped) onStatus(result.value);
  };
  const timer = setInterval(() => { if (!pageHidden()) void ask(); }, POLL_MS);
  const offShown = onPageShown(() => void ask());
  return () => {
    stopped = true;
    clearInterval(timer);
    offShown();
  };
}
