import { formatEntityId, sqlInt } from '../format/entity-id.ts';
import { int64ListJson } from '../format/json-out.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { groupBy } from '../query/group-by.ts';
import { entityIdOrNull, parseEntityIdParam, parseEntityRef } from '../query/param-values.ts';
import { StoreService } from '../query/store-service.ts';
import {
  LIMIT_RULE, ORDER_RULE, filtersFor, invalidParameter, limitOf, orderOf, validateQuery, type ParamRule,
} from '../query/query-filters.ts';
import { nowNanos } from '../query/timestamp-range.ts';
import { renderSchedule, type ScheduleRow, type SignatureRow } from './render-schedule.ts';
import { SCHEDULE_BY_ID_SQL, schedulesSql, SIGNATURES_SQL } from './schedules-sql.ts';
import { SCHEDULE_DEFAULT_LIFETIME_SECONDS } from './schedule-lifetime.ts';

export const SCHEDULES_PATH = '/api/v1/schedules';

/** A schedule that can no longer change is cached for an hour, as the reference does (the OpenAPI document says so). */
export const SETTLED_SCHEDULE_CACHE_SECONDS = 3600;
/** Without an explicit expiration time, a schedule expires 30 minutes after its creation. */
const DEFAULT_EXPIRY_NS = BigInt(SCHEDULE_DEFAULT_LIFETIME_SECONDS) * 1_000_000_000n;

/** Executed, deleted or expired: nothing will happen to it any more. */
export function isSettled(row: ScheduleRow, now: bigint): boolean {
  if (row.executed_timestamp !== null || row.deleted === 1n) return true;
  const expiry = row.expiration_time ?? row.consensus_timestamp + DEFAULT_EXPIRY_NS;
  return expiry < now;
}

const RULES: Record<string, ParamRule> = {
  // Any EVM address too, as the reference's ACCOUNT_ID check; one that spells no id matches no creator.
  'account.id': (_op, value) => parseEntityRef(value, 'any') !== null,
  'schedule.id': (_op, value) => parseEntityIdParam(value) !== null,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
};

/** GET /api/v1/schedules (by creator and schedule id) and /api/v1/schedules/{scheduleId}. */
export class SchedulesService extends StoreService {
  list(raw: ParsedQuery): GetOutcome {
    const validated = validateQuery(raw, RULES);
    if (!validated.ok) return badRequest(...validated.messages);
    const { filters } = validated;
    const creators = filtersFor(filters, 'account.id').map((f) => ({ operator: f.operator, value: entityIdOrNull(f.value) }));
    const scheduleIds = filtersFor(filters, 'schedule.id').map((f) => ({ operator: f.operator, value: parseEntityIdParam(f.value)! }));
    const limit = limitOf(filters, this.config().response.limit);
    const order = orderOf(filters, 'asc');
    const { sql, params } = schedulesSql(creators, scheduleIds, order, limit);
    const rows = this.statements.get(sql).all(...params) as ScheduleRow[];
    const signatures = this.#signatures(rows.map((row) => row.schedule_id));
    const schedules = rows.map((row) => renderSchedule(row, signatures.get(row.schedule_id) ?? []));
    const last = rows.at(-1);
    const next = singleKeyNextLink(SCHEDULES_PATH, raw, { count: rows.length, limit, order }, 'schedule.id', last && formatEntityId(last.schedule_id), parseEntityIdParam);
    return { status: 200, body: { schedules, links: { next } }, next };
  }

  byId(raw: ParsedQuery, idText: string): GetOutcome {
    const validated = validateQuery(raw, {});
    const id = parseEntityIdParam(idText);
    const messages = id === null ? [invalidParameter('scheduleid')] : [];
    if (!validated.ok) messages.push(...validated.messages);
    if (messages.length > 0 || id === null) return badRequest(...messages);
    const row = this.statements.get(SCHEDULE_BY_ID_SQL).get(sqlInt(id)) as ScheduleRow | undefined;
    if (!row) return NOT_FOUND;
    const body = renderSchedule(row, this.#signatures([row.schedule_id]).get(row.schedule_id) ?? []);
    return isSettled(row, nowNanos()) ? { status: 200, body, cacheSeconds: SETTLED_SCHEDULE_CACHE_SECONDS } : { status: 200, body };
  }

  /** The signatures of these schedules by schedule id, in one statement for the whole page. */
  #signatures(scheduleIds: bigint[]): Map<bigint, SignatureRow[]> {
    if (scheduleIds.length === 0) return new Map();
    const rows = this.statements.get(SIGNATURES_SQL).all(int64ListJson(scheduleIds)) as Array<SignatureRow & { entity_id: bigint }>;
    return groupBy(rows, (row) => row.entity_id);
  }
}
