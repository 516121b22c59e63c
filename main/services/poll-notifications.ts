import type { StatusNotification } from '../common/status-types.ts';
import { worstImpactOf } from '../status/status-snapshot.ts';

/** Up to this many records with news in one poll are notified one by one; more become one summary. */
export const MOST_NOTIFIED_ONE_BY_ONE = 3;

/** How many of the summarised notifications' titles the summary names. */
const TITLES_NAMED = 3;

/**
 * What a poll's delivered notifications become for the user: each one on its own (a poll raises at
 * most one per record, main/status/notify/transitions.ts), or, when more than
 * MOST_NOTIFIED_ONE_BY_ONE records have news at once (a page newly watched, a machine waking after
 * a day), one `poll.summary` in their place that opens the Status screen: 30 OS notifications in a
 * burst, sticky ones for major incidents on Linux, buried each other, and a desktop keeps only so
 * many clickable. Done here, once, before the desktop's OS notifications and the web UI's toasts
 * and browser notifications, so that every shell says the same. The notifications themselves are
 * recorded one by one as before.
 */
export function notificationsToShow(delivered: readonly StatusNotification[], pageName: string): StatusNotification[] {
  if (delivered.length <= MOST_NOTIFIED_ONE_BY_ONE) return [...delivered];
  const last = delivered.at(-1)!;
  const named = delivered.slice(0, TITLES_NAMED).map((notification) => notification.title);
  return [{
    // The seq of the last one it stands for, so that a summary is told apart from the one of another poll.
    seq: last.seq,
    kind: 'poll.summary',
    id: '',
    updateId: null,
    title: `${newsOf(delivered)} on ${pageName}`,
    body: `${named.join('; ')}; and ${delivered.length - named.length} more.`,
    impact: summaryImpact(delivered),
    componentIds: [...new Set(delivered.flatMap((notification) => notification.componentIds))],
    raisedAt: last.raisedAt,
    delivered: true,
  }];
}

/**
 * "5 incidents opened or changed", "2 incidents opened or changed, 3 resolved and 1 maintenance
 * announced", "3 incidents resolved": resolutions apart, so that a poll that closed them all does not
 * read as trouble.
 */
function newsOf(delivered: readonly StatusNotification[]): string {
  const count = (kind: (notification: StatusNotification) => boolean): number => delivered.filter(kind).length;
  const resolved = count((notification) => notification.kind === 'incident.resolved');
  const maintenances = count((notification) => notification.kind === 'maintenance.new');
  const open = delivered.length - resolved - maintenances;
  const incidents = (n: number): string => `${n} incident${n === 1 ? '' : 's'}`;
  const parts = [
    open > 0 ? `${incidents(open)} opened or changed` : null,
    resolved > 0 ? (open > 0 ? `${resolved} resolved` : `${incidents(resolved)} resolved`) : null,
    maintenances > 0 ? `${maintenances} maintenance${maintenances === 1 ? '' : 's'} announced` : null,
  ].filter((part) => part !== null);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * How the summary looks: as the worst incident still open among them (new or updated, weighed as
 * the tray weighs them), else as a maintenance when one is announced, else null: every one of them
 * was resolved, which the shells show as good news, as they show a resolution (StatusToasts.svelte).
 */
function summaryImpact(delivered: readonly StatusNotification[]): string | null {
  const open = delivered.filter((notification) => notification.kind === 'incident.new' || notification.kind === 'incident.update');
  if (open.length > 0) return worstImpactOf(open.map((notification) => ({ impact: notification.impact })));
  return delivered.some((notification) => notification.kind === 'maintenance.new') ? 'maintenance' : null;
}
