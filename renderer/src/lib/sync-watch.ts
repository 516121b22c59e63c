import type { MirrordeskApi, SyncStatus } from '../../../main/common/api-contract.ts';
import { newestFirst } from './newest-first.ts';
import { pollWhileShown } from './page-visibility.ts';
import { settledApiCall } from './settled-api-call.ts';

/** Events can be missed while the event stream reconnects; a slow poll covers that gap (not while the page is hidden). */
const POLL_MS = 5000;

type Listener = (status: SyncStatus) => void;

/** One watch per API, shared by every widget that shows the sync (chip, coverage, scope notes, panel). */
interface SharedWatch {
  listeners: Set<Listener>;
  last: SyncStatus | null;
  stop: () => void;
}

/**
 * Keyed by the API's `sync` part, not the API object: the screens get the shell's API wrapped
 * (RememberedAnswers.watching spreads it into a new object, `sync` and `on` kept as they are), and
 * keyed by the wrapper each screen started a second watch, a second poll, beside the shell's.
 */
const watches = new WeakMap<MirrordeskApi['sync'], SharedWatch>();

/**
 * Keeps `onStatus` fed with the open profile's sync status: the current one at once, every
 * `sync/status` event, a fresh one after a profile switch, and a slow poll as a safety net.
 * All callers share one subscription and one poll; the last to stop ends them. Returns the
 * function that stops this caller's feed.
 */
export function watchSync(api: MirrordeskApi, onStatus: Listener): () => void {
  let watch = watches.get(api.sync);
  if (!watch) {
    watch = startWatch(api);
    watches.set(api.sync, watch);
  } else if (watch.last) {
    onStatus(watch.last);
  }
  const shared = watch;
  shared.listeners.add(onStatus);
  return () => {
    shared.listeners.delete(onStatus);
    if (shared.listeners.size > 0) return;
    shared.stop();
    if (watches.get(api.sync) === shared) watches.delete(api.sync);
  };
}

function startWatch(api: MirrordeskApi): SharedWatch {
  let stopped = false;
  const watch: SharedWatch = { listeners: new Set(), last: null, stop: () => {} };
  const publish = (status: SyncStatus): void => {
    if (stopped) return;
    watch.last = status;
    for (const listener of [...watch.listeners]) listener(status);
  };
  // An answer built before an event can arrive after it: shown, it would take the widgets back in time.
  const order = newestFirst();
  const load = async (): Promise<void> => {
    const fresh = order.asked();
    // One that fails (a broken transport too) is dropped: the next event or poll brings the status.
    const result = await settledApiCall(() => api.sync.status());
    if (result.ok && fresh.showIfNewest()) publish(result.value);
  };
  // Subscribe before asking, so a change between the answer and the subscription is not lost.
  const offStatus = api.on('sync/status', (status: SyncStatus) => {
    order.pushed();
    publish(status);
  });
  const offNetwork = api.on('network/changed', () => void load());
  void load();
  const stopPolling = pollWhileShown(() => void load(), POLL_MS);
  watch.stop = () => {
    stopped = true;
    offStatus();
    offNetwork();
    stopPolling();
  };
  return watch;
}
