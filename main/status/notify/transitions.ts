import type { StatusTransitionKind } from '../../common/status-types.ts';
import { isMaintenanceStatus, RESOLVED_STATUSES } from '../../common/status-words.ts';
import type { JsonObject } from '../feed/status-json.ts';
import { parseInstant } from '../feed/timestamps.ts';

export type NotificationKind = StatusTransitionKind;

/** What the notifier already knows about, kept in SQLite so nothing is raised twice across restarts. */
export type SeenKind = 'incident' | 'update' | 'resolved' | 'maintenance';
export interface SeenState {
  has(kind: SeenKind, id: string): boolean;
  add(kind: SeenKind, id: string): void;
  forget(kind: SeenKind, id: string): void;
}

export interface Transition {
  kind: NotificationKind;
  record: JsonObject;
  update?: JsonObject;
}

function updatesOf(record: JsonObject): JsonObject[] {
  const updates = Array.isArray(record.incident_updates) ? (record.incident_updates as JsonObject[]) : [];
  // Oldest first, as instants: of several new updates in one poll, the last is the latest.
  return [...updates].sort((a, b) => (parseInstant(a.created_at) ?? 0) - (parseInstant(b.created_at) ?? 0));
}

/**
 * The notifications one good poll raises, given the merged records it saw, and the seen-state
 * it leaves behind. Rules: an unresolved incident not seen before is `incident.new` (its updates
 * come with it); new updates on a known incident are one `incident.update`, for the latest of
 * them (also one published after the resolution, such as a postmortem); a known incident moving
 * to resolved or postmortem is `incident.resolved` (updates arriving with the resolution are part
 * of it); an upcoming maintenance not seen before is `maintenance.new`. A maintenance a page
 * lists among its incidents is not an incident: it raises nothing there (the upcoming list
 * announces it, once). So a poll raises at most one notification per record. A baseline poll
 * only records what it saw.
 * Everything seen is recorded, raised or not, so nothing is raised twice; except that a resolved
 * incident reopened (unresolved again, with a new update: a stale copy of the feed has none) will
 * be news again when it is resolved again.
 */
export function findTransitions(incidents: readonly JsonObject[], upcoming: readonly JsonObject[], seen: SeenState, baseline: boolean): Transition[] {
  const raised: Transition[] = [];
  const raise = (transition: Transition) => {
    if (!baseline) raised.push(transition);
  };
  for (const record of incidents) {
    if (isMaintenanceStatus(record.status)) continue;
    const id = record.id as string;
    const status = String(record.status);
    const resolved = RESOLVED_STATUSES.includes(status);
    const updates = updatesOf(record);
    if (!seen.has('incident', id)) {
      seen.add('incident', id);
      for (const update of updates) seen.add('update', update.id as string);
      if (resolved) seen.add('resolved', id);
      // An incident that first shows up already closed (backfilled, or older than the baseline) is history.
      if (!resolved) raise({ kind: 'incident.new', record });
      continue;
    }
    const fresh = updates.filter((update) => !seen.has('update', update.id as string));
    if (resolved && !seen.has('resolved', id)) {
      for (const update of fresh) seen.add('update', update.id as string);
      seen.add('resolved', id);
      raise({ kind: 'incident.resolved', record });
      continue;
    }
    if (!resolved && fresh.length > 0) seen.forget('resolved', id);
    for (const update of fresh) seen.add('update', update.id as string);
    // One notification per incident and poll: its latest update says where it stands now, and
    // the ones before it are in its timeline (six updates heard at once after a sleep were six).
    const latest = fresh.at(-1);
    if (latest) raise({ kind: 'incident.update', record, update: latest });
  }
  for (const record of upcoming) {
    const id = record.id as string;
    if (seen.has('maintenance', id)) continue;
    seen.add('maintenance', id);
    raise({ kind: 'maintenance.new', record });
  }
  return raised;
}
