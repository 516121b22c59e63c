import { queryStringOf } from './explorer-routes.ts';
import { mirrorPath } from './mirror-source.ts';

/**
 * The Schedules screen's filters, kept in the URL hash under the mirror API's own names
 * (`account.id`, the schedule's creator, and `order`), so the hash is also the query of
 * `/api/v1/schedules`. The screen lists newest first; `order=asc` turns it round.
 */
export interface ScheduleFilters {
  /** The creator's account id, as the API takes it (a checksum, EVM address or alias is resolved before). */
  creator: string;
  /** `desc` (newest first, the screen's default; the API's is `asc`) or `asc`. */
  order: 'asc' | 'desc';
}

const CREATOR = 'account.id';

export const NO_SCHEDULE_FILTERS: ScheduleFilters = { creator: '', order: 'desc' };

export function parseScheduleFilters(query: string): ScheduleFilters {
  const params = new URLSearchParams(query);
  return { creator: params.get(CREATOR) ?? '', order: params.get('order') === 'asc' ? 'asc' : 'desc' };
}

/** The hash query: the creator when set, the order only when it is not the default. */
export function scheduleFiltersQuery(filters: ScheduleFilters): string {
  return queryStringOf({ [CREATOR]: filters.creator.trim(), order: filters.order === 'asc' ? 'asc' : null });
}

/** The mirror path of the first page. */
export function schedulesPath(filters: ScheduleFilters, limit = 25): string {
  return mirrorPath(['schedules'], { [CREATOR]: filters.creator.trim(), order: filters.order, limit });
}
