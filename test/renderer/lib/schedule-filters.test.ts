import { describe, expect, it } from 'vitest';
import { NO_SCHEDULE_FILTERS, parseScheduleFilters, scheduleFiltersQuery, schedulesPath } from '../../../renderer/src/lib/schedule-filters.ts';

describe('schedule filters', () => {
  it('round-trips through the hash query under the API parameter names, newest first unless asked', () => {
    const filters = parseScheduleFilters('account.id=0.0.1985&order=asc');
    expect(filters).toEqual({ creator: '0.0.1985', order: 'asc' });
    expect(scheduleFiltersQuery(filters)).toBe('account.id=0.0.1985&order=asc');
    expect(parseScheduleFilters('')).toEqual(NO_SCHEDULE_FILTERS);
    expect(scheduleFiltersQuery(NO_SCHEDULE_FILTERS)).toBe('');
    // An order the screen does not know falls back to its default rather than reaching the API.
    expect(parseScheduleFilters('order=sideways').order).toBe('desc');
    expect(scheduleFiltersQuery({ creator: '  ', order: 'desc' })).toBe('');
  });

  it('asks the mirror for the first page in the screen order, the creator as account.id', () => {
    expect(schedulesPath(NO_SCHEDULE_FILTERS)).toBe('/api/v1/schedules?order=desc&limit=25');
    expect(schedulesPath({ creator: ' 0.0.7 ', order: 'asc' }, 10)).toBe('/api/v1/schedules?account.id=0.0.7&order=asc&limit=10');
  });
});
