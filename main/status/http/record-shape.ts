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

export function specIncident(record: JsonObject): JsonObject {
  const out = withFields(withFields(record, INCIDENT_FIELDS, () => null), INCIDENT_LISTS, () => []);
  if (Array.isArray(out.incident_updates)) out.incident_updates = out.incident_updates.map((update) => specUpdate(update, out.id));
  return out;
}

export function specMaintenance(record: JsonObject): JsonObject {
  return withFields(specIncident(record), MAINTENANCE_FIELDS, () => null);
}
