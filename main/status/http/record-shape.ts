import type { JsonObject } from '../feed/status-json.ts';

/**
 * Records are served as the upstream sent them, every field kept in its order; fields the
 * specification lists that an older upstream left out are added (null, or an empty array), so
 * every record has at least the specified shape.
 */
const PAGE_FIELDS = ['id', 'name', 'url', 'time_zone', 'updated_at'];
const INCIDENT_FIELDS = ['id', 'name', 'status', 'impact', 'created_at', 'updated_at', 'resolved_at', 'monitoring_at'];
const INCIDENT_LISTS = ['incident_updates', 'components'];
const MAINTENANCE_FIELDS = ['scheduled_for', 'scheduled_until', 'shortlink'];
const UPDATE_FIELDS = ['id', 'incident_id', 'status', 'body', 'created_at', 'updated_at', 'display_at'];
const COMPONENT_FIELDS = [
  'id', 'name', 'status', 'description', 'group_id', 'page_id', 'created_at', 'updated_at', 'start_date', 'group', 'only_show_if_degraded', 'showcase', 'position',
];

function withFields(record: JsonObject, fields: readonly string[], empty: () => unknown): JsonObject {
  const out: JsonObject = { ...record };
  for (const field of fields) if (!Object.hasOwn(out, field)) out[field] = empty();
  return out;
}

export function specPage(page: JsonObject): JsonObject {
  return withFields(page, PAGE_FIELDS, () => null);
}

function specUpdate(update: unknown, incidentId: unknown): unknown {
  if (typeof update !== 'object' || update === null) return update;
  const out = withFields(update as JsonObject, UPDATE_FIELDS, () => null);
  if (out.incident_id === null) out.incident_id = incidentId;
  return out;
}

/** A component an incident affects; upstreams often send these without the newer fields (`start_date`, `group`, ...). */
function specComponent(component: unknown): unknown {
  return typeof component === 'object' && component !== null && !Array.isArray(component) ? withFields(component as JsonObject, COMPONENT_FIELDS, () => null) : component;
}

export function specIncident(record: JsonObject): JsonObject {
  const out = withFields(withFields(record, INCIDENT_FIELDS, () => null), INCIDENT_LISTS, () => []);
  if (Array.isArray(out.incident_updates)) out.incident_updates = out.incident_updates.map((update) => specUpdate(update, out.id));
  if (Array.isArray(out.components)) out.components = out.components.map(specComponent);
  return out;
}

export function specMaintenance(record: JsonObject): JsonObject {
  return withFields(specIncident(record), MAINTENANCE_FIELDS, () => null);
}
