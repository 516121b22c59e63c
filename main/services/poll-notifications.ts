import type { StatusNotification } from '../common/status-types.ts';

/** Up to this many records with news in one poll are notified one by one; more become one summary. */
export const MOST_NOTIFIED_ONE_BY_ONE = 3;

/** How many of the summarised notifications' titles the summary names. */
const TITLES_NAMED = 3;

/** Incident impacts, least to most severe: the summary looks like the worst open one it stands for. */
const IMPACTS = ['none', 'minor', 'major', 'critical'];

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
    impact: worstOpenImpact(delivered),
    componentIds: [...new Set(delivered.flatMap((notification) => notification.componentIds))],
    raisedAt: last.raisedAt,
    delivered: true,
  }];
}

/** "5 incidents opened or changed", "2 incidents opened or changed and 3 maintenances announced". */
function newsOf(delivered: readonly StatusNotification[]): string {
  const maintenances = delivered.filter((notification) => notification.kind === 'maintenance.new').length;
  const incidents = delivered.length - maintenances;
  const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const parts = [
    incidents > 0 ? `${counted(incidents, 'incident')} opened or changed` : null,
    maintenances > 0 ? `${counted(maintenances, 'maintenance')} announced` : null,
  ];
  return parts.filter((part) => part !== null).join(' and ');
}

/** The worst impact of the incidents still open among them (new or updated); null when none is. */
function worstOpenImpact(delivered: readonly StatusNotification[]): string | null {
  const open = delivered.filter((notification) => notification.kind === 'incident.new' || notification.kind === 'incident.update');
  const ranked = open.map((notification) => IMPACTS.indexOf(notification.impact ?? 'none'));
  const worst = Math.max(-1, ...ranked);
  return worst === -1 ? null : IMPACTS[worst]!;
}
