import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { singleKeyNextLink } from '../../../main/mirror/query/next-link.ts';
import { entityIdOrNull, parseEntityIdParam } from '../../../main/mirror/query/param-values.ts';
import { TIMESTAMP_RULE, timestampFiltersOf, validateQuery } from '../../../main/mirror/query/query-filters.ts';
import { addComparisons } from '../../../main/mirror/query/sql-comparisons.ts';
import type { SqlParam } from '../../../main/mirror/query/sql-statement.ts';

// The pieces the list endpoints share: the one-key next link, comparisons to SQL, the
// timestamp rule and filters, and an entity id that may be an EVM address.

describe('singleKeyNextLink', () => {
  const raw = parseQueryString('account.id=gte:0.0.5&limit=2', 100);
  const link = (count: number, last: string | null | undefined, order: 'asc' | 'desc' = 'asc') =>
    singleKeyNextLink('/api/v1/x', raw, { count, limit: 2, order }, 'account.id', last, parseEntityIdParam);

  it('links a full page from its last row, past it in the page order', () => {
    expect(link(2, '0.0.9')).toBe('/api/v1/x?limit=2&account.id=gt:0.0.9');
    // The lower bound stays: only the bounds on the paging side give way to the anchor.
    expect(link(2, '0.0.9', 'desc')).toBe('/api/v1/x?account.id=gte:0.0.5&account.id=lt:0.0.9&limit=2');
  });

  it('has no next page after a short page or without a last row', () => {
    expect(link(1, '0.0.9')).toBeNull();
    expect(link(2, undefined)).toBeNull();
    expect(link(2, null)).toBeNull();
  });

  it('has none when the anchor leaves the requested range empty', () => {
    const bounded = parseQueryString('account.id=lte:0.0.9&limit=2', 100);
    expect(singleKeyNextLink('/api/v1/x', bounded, { count: 2, limit: 2, order: 'asc' }, 'account.id', '0.0.9', parseEntityIdParam)).toBeNull();
  });
});

describe('addComparisons', () => {
  it('writes one condition per filter with its operator and binds the values in order', () => {
    const where = ['a = ?'];
    const params: SqlParam[] = [1];
    addComparisons(where, params, 'x.col', [{ operator: 'gte', value: 5n }, { operator: 'ne', value: 7n }, { operator: 'lt', value: 9n }], (v) => Number(v));
    expect(where).toEqual(['a = ?', 'x.col >= ?', 'x.col != ?', 'x.col < ?']);
    expect(params).toEqual([1, 5, 7, 9]);
  });
});

describe('timestamp parameters', () => {
  it('accepts seconds with optional nanos under any operator and reads them as nanoseconds', () => {
    const validated = validateQuery(parseQueryString('timestamp=gt:1.5&timestamp=2&other=1', 100), { timestamp: TIMESTAMP_RULE, other: () => true });
    if (!validated.ok) throw new Error('rejected');
    expect(timestampFiltersOf(validated.filters)).toEqual([{ operator: 'gt', value: 1_500_000_000n }, { operator: 'eq', value: 2_000_000_000n }]);
    expect(TIMESTAMP_RULE('eq', '1.1234567891')).toBe(false);
    expect(TIMESTAMP_RULE('lt', 'abc')).toBe(false);
  });
});

describe('entityIdOrNull', () => {
  it('reads ids and long-zero addresses as ids, other EVM addresses and invalid text as null', () => {
    expect(entityIdOrNull('0.0.1001')).toBe(1001n);
    expect(entityIdOrNull('1001')).toBe(1001n);
    expect(entityIdOrNull(`0x${'0'.repeat(36)}03e9`)).toBe(1001n);
    expect(entityIdOrNull(`0x${'ab'.repeat(20)}`)).toBeNull();
    expect(entityIdOrNull('not-an-id')).toBeNull();
  });
});
