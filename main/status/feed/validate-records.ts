import { isJsonObject, type JsonObject } from './status-json.ts';
import { isNullableTimestamp, parseInstant } from './timestamps.ts';

/**
 * Structural checks on Statuspage records. They reject what would break storage, ordering or
 * notifications (missing ids, wrong types, unreadable timestamps) and tolerate the rest: unknown
 * fields, absent optional fields and the legacy shapes real pages still serve.
 */
export class FeedShapeError extends Error {}

function fail(where: string, problem: string): never {
  throw new FeedShapeError(`${where}: ${problem}`);
}

function requireString(record: JsonObject, field: string, where: string, nonEmpty = false): void {
  const value = record[field];
  if (typeof value !== 'string') fail(where, `${field} must be a string`);
  if (nonEmpty && value.length === 0) fail(where, `${field} must not be empty`);
}

function optionalString(record: JsonObject, field: string, where: string): void {
  const value = record[field];
  if (value !== undefined && value !== null && typeof value !== 'string') fail(where, `${field} must be a string or null`);
}

function requireTimestamp(record: JsonObject, field: string, where: string): void {
  if (parseInstant(record[field]) === null) fail(where, `${field} must be an ISO 8601 timestamp`);
}

function optionalTimestamp(record: JsonObject, field: string, where: string): void {
  if (!isNullableTimestamp(record[field])) fail(where, `${field} must be an ISO 8601 timestamp or null`);
}

function optionalArray(record: JsonObject, field: string, where: string): unknown[] {
  const value = record[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(where, `${field} must be an array`);
  return value;
}

export function validatePage(value: unknown): JsonObject {
  if (!isJsonObject(value)) fail('page', 'must be an object');
  requireString(value, 'id', 'page');
  requireString(value, 'name', 'page');
  optionalString(value, 'url', 'page');
  optionalString(value, 'time_zone', 'page');
  optionalTimestamp(value, 'updated_at', 'page');
  return value;
}

export function validateComponent(value: unknown, where: string): JsonObject {
  if (!isJsonObject(value)) fail(where, 'component must be an object');
  requireString(value, 'id', where, true);
  requireString(value, 'name', where);
  requireString(value, 'status', where);
  for (const field of ['created_at', 'updated_at', 'start_date']) optionalTimestamp(value, field, where);
  return value;
}

function validateUpdate(value: unknown, where: string): void {
  if (!isJsonObject(value)) fail(where, 'incident update must be an object');
  requireString(value, 'id', where, true);
  requireString(value, 'status', where);
  optionalString(value, 'body', where);
  optionalString(value, 'incident_id', where);
  requireTimestamp(value, 'created_at', where);
  optionalTimestamp(value, 'updated_at', where);
  optionalTimestamp(value, 'display_at', where);
}

/** Checks an incident or scheduled maintenance record (they share a shape). */
export function validateIncident(value: unknown, where: string): JsonObject {
  if (!isJsonObject(value)) fail(where, 'must be an object');
  requireString(value, 'id', where, true);
  const at = `${where} ${String(value.id)}`;
  requireString(value, 'name', at);
  requireString(value, 'status', at);
  optionalString(value, 'impact', at);
  requireTimestamp(value, 'created_at', at);
  for (const field of ['updated_at', 'resolved_at', 'monitoring_at', 'scheduled_for', 'scheduled_until', 'started_at']) {
    optionalTimestamp(value, field, at);
  }
  optionalArray(value, 'incident_updates', at).forEach((update, i) => validateUpdate(update, `${at} incident_updates[${i}]`));
  optionalArray(value, 'components', at).forEach((component, i) => validateComponent(component, `${at} components[${i}]`));
  return value;
}
