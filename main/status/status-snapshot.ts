import type { StatusComponent, StatusImpact, StatusIncident, StatusSnapshot } from '../common/status-types.ts';
import { UPCOMING_STATUS } from '../common/status-words.ts';
import { isJsonObject, type JsonObject } from './feed/status-json.ts';
import { parseInstant } from './feed/timestamps.ts';
import { specIncident, specMaintenance } from './http/record-shape.ts';
import type { PollerState } from './poller.ts';
import type { StatusStore } from './store/status-store.ts';

export type Impact = StatusImpact;
export type { StatusSnapshot };
const IMPACT_ORDER: readonly Impact[] = ['none', 'maintenance', 'minor', 'major', 'critical'];

function sortUpdates(incident: JsonObject): JsonObject {
  if (!Array.isArray(incident.incident_updates)) return incident;
  const updates = [...(incident.incident_updates as JsonObject[])];
  const at = (u: JsonObject) => parseInstant(u.display_at) ?? parseInstant(u.created_at) ?? 0;
  updates.sort((a, b) => at(b) - at(a));
  return { ...incident, incident_updates: updates };
}

/**
 * The worst impact among open incidents. Statuspage gives every incident one of none, minor, major,
 * critical (none: no component hurt); one left out (null, or absent) is `none`, as the Status
 * screen's badge ("No impact") and the notification settings read it. A word Statuspage does not
 * use still tells of something open, of unknown weight: counted as minor.
 */
export function worstImpactOf(incidents: readonly JsonObject[]): Impact {
  let worst: Impact = 'none';
  for (const incident of incidents) {
    const given = incident.impact ?? 'none';
    const impact = IMPACT_ORDER.find((value) => value === given) ?? 'minor';
    if (IMPACT_ORDER.indexOf(impact) > IMPACT_ORDER.indexOf(worst)) worst = impact;
  }
  return worst;
}

export function buildSnapshot(store: StatusStore, source: StatusSnapshot['source'], poll: PollerState, recentLimit = 20): StatusSnapshot {
  const unresolved = store.listUnresolvedIncidents().map((r) => sortUpdates(specIncident(r)));
  const summary = store.feedBody('summary');
  const componentsBody = store.feedBody('components');
  const components = (componentsBody?.components ?? summary?.components ?? []) as unknown[];
  const status = summary?.status ?? store.feedBody('status')?.status;
  // The store keeps records as the upstream sent them; the parser has checked the fields the types name.
  return {
    source,
    page: store.getPage(),
    indicator: isJsonObject(status) ? { indicator: String(status.indicator), description: String(status.description ?? '') } : null,
    worstImpact: worstImpactOf(unresolved),
    unresolved: unresolved as StatusIncident[],
    recent: store.listRecords('incident').slice(0, recentLimit).map((r) => sortUpdates(specIncident(r))) as StatusIncident[],
    upcoming: store.listRecords('maintenance', { statuses: [UPCOMING_STATUS] }).map((r) => sortUpdates(specMaintenance(r))).reverse() as StatusIncident[],
    components: components.filter(isJsonObject).sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0)) as StatusComponent[],
    notifications: store.recentNotifications(20),
    poll,
  };
}
