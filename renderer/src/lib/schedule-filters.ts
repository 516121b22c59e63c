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
  const params = new URLSearchParams();
  if (filters.creator.trim() !== '') params.set(CREATOR, filters.creator.trim());
  if (filters.order === 'asc') params.set('order', 'asc');
  return params.toString();
}

/** The mirror path of the first page. */
export function schedulesPath(filters: ScheduleFilters, limit = 25): string {
  const params = new URLSearchParams();
  if (filters.creator.trim() !== '') params.set(CREATOR, filters.creator.trim());
  params.set('order', filters.order);
  params.set('limit', String(limit));
  return `/api/v1/schedules?${params.toString()}`;
}
