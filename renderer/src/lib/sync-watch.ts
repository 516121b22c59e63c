import type { MirrordeskApi, SyncStatus } from '../../../main/common/api-contract.ts';

/** Events can be missed while the event stream reconnects; a slow poll covers that gap. */
const POLL_MS = 5000;

/**
 * Keeps `onStatus` fed with the open profile's sync status: the current one at once, every
 * `sync/status` event, a fresh one after a profile switch, and a slow poll as a safety net.
 * Returns the function that stops it.
 */
export function watchSync(api: MirrordeskApi, onStatus: (status: SyncStatus) => void): () => void {
  let stopped = false;
  const load = async (): Promise<void> => {
    const result = await api.sync.status();
    if (result.ok && !stopped) onStatus(result.value);
  };
  // Subscribe before asking, so a change between the answer and the subscription is not lost.
  const offStatus = api.on('sync/status', (status) => { if (!stopped) onStatus(status); });
  const offNetwork = api.on('network/changed', () => void load());
  void load();
  const timer = setInterval(() => void load(), POLL_MS);
  return () => {
    stopped = true;
    offStatus();
    offNetwork();
    clearInterval(timer);
  };
}
