import type { FeedName } from './feed-paths.ts';
import { isJsonObject, parseStatusJson, type JsonObject } from './status-json.ts';
import { parseInstant } from './timestamps.ts';
import { FeedShapeError, validateComponent, validateIncident, validatePage } from './validate-records.ts';

/** What a good upstream body holds: its page (absent in legacy bare-array bodies) and, for record feeds, the records. */
export interface ParsedFeed {
  page: JsonObject | null;
  /** Incidents or scheduled maintenances; empty for passthrough feeds without a list. */
  records: JsonObject[];
  /** The whole body, for passthrough feeds served back as sent. */
  body: JsonObject | unknown[];
}

export type ParseResult = { ok: true; feed: ParsedFeed } | { ok: false; error: string };

/** Bodies bigger than this are refused (the largest real page seen is about 200 KB). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The list key each feed's body carries. */
const LIST_KEY: Record<FeedName, 'incidents' | 'scheduled_maintenances' | 'components' | null> = {
  incidents: 'incidents',
  unresolved: 'incidents',
  upcoming: 'scheduled_maintenances',
  maintenances: 'scheduled_maintenances',
  active: 'scheduled_maintenances',
  components: 'components',
  status: null,
  summary: null,
};

/**
 * Parses and checks one upstream body. Anything that is not a well-formed Statuspage body of the
 * expected kind (an HTML error page served with 200, truncated JSON, wrong types, missing ids)
 * is refused as a whole, so the last good data stays in place.
 */
export function parseFeedBody(name: FeedName, text: string, contentType?: string | null, maxBytes = DEFAULT_MAX_BODY_BYTES): ParseResult {
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, error: `body larger than ${maxBytes} bytes` };
  if (contentType && /\btext\/html\b/i.test(contentType)) return { ok: false, error: `expected JSON, got ${contentType.split(';')[0]}` };
  let json: unknown;
  try {
    json = parseStatusJson(text);
  } catch (error) {
    const looksHtml = /^\s*</.test(text);
    return { ok: false, error: looksHtml ? 'expected JSON, got an HTML page' : `invalid JSON: ${(error as Error).message}` };
  }
  try {
    return { ok: true, feed: readFeed(name, json) };
  } catch (error) {
    if (error instanceof FeedShapeError) return { ok: false, error: `unexpected body: ${error.message}` };
    throw error;
  }
}

function readFeed(name: FeedName, json: unknown): ParsedFeed {
  const listKey = LIST_KEY[name];
  // Legacy incident feeds were a bare array of incidents without a page.
  if (Array.isArray(json) && listKey === 'incidents') {
    return { page: null, records: readRecords(json, name), body: json };
  }
  if (!isJsonObject(json)) throw new FeedShapeError('body must be a JSON object');
  const page = validatePage(json.page);
  if (name === 'summary') return readSummary(json, page);
  if (name === 'status') {
    readStatus(json.status);
    return { page, records: [], body: json };
  }
  if (listKey === null) throw new FeedShapeError(`no reader for ${name}`);
  const list = json[listKey];
  if (!Array.isArray(list)) throw new FeedShapeError(`${listKey} must be an array`);
  if (listKey === 'components') {
    list.forEach((component, i) => validateComponent(component, `components[${i}]`));
    return { page, records: [], body: json };
  }
  return { page, records: readRecords(list, listKey), body: json };
}

function readSummary(json: JsonObject, page: JsonObject): ParsedFeed {
  if (json.status !== undefined) readStatus(json.status);
  for (const key of ['components', 'incidents', 'scheduled_maintenances'] as const) {
    const list = json[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new FeedShapeError(`${key} must be an array`);
    if (key === 'components') list.forEach((component, i) => validateComponent(component, `components[${i}]`));
    else list.forEach((record, i) => validateIncident(record, `${key}[${i}]`));
  }
  return { page, records: [], body: json };
}

function readStatus(value: unknown): void {
  if (!isJsonObject(value)) throw new FeedShapeError('status must be an object');
  if (typeof value.indicator !== 'string') throw new FeedShapeError('status.indicator must be a string');
}

/** Validates every record and keeps one per id: the one updated last, compared as instants. */
function readRecords(list: unknown[], where: string): JsonObject[] {
  const byId = new Map<string, JsonObject>();
  list.forEach((value, i) => {
    const record = validateIncident(value, `${where}[${i}]`);
    const id = record.id as string;
    const previous = byId.get(id);
    if (!previous || (parseInstant(record.updated_at) ?? -Infinity) >= (parseInstant(previous.updated_at) ?? -Infinity)) {
      byId.set(id, record);
    }
  });
  return [...byId.values()];
}
