import { describe, expect, it } from 'vitest';
import { defaultFilters, filtersToApiQuery, filtersToHashQuery, isDefaultFilters, parseFilters } from '../../../renderer/src/lib/account-filters.ts';

describe('account filters', () => {
  it('leaves defaults out of the hash and adds the page size to the API query', () => {
    expect(filtersToHashQuery(defaultFilters())).toBe('');
    expect(filtersToApiQuery(defaultFilters())).toBe('limit=100');
    expect(isDefaultFilters(defaultFilters())).toBe(true);
  });

  it('writes an id range, balance, key, order and balance flag readably', () => {
    const filters = defaultFilters();
    filters.idLower = { op: 'gte', value: '0.0.1000' };
    filters.idUpper = { op: 'lt', value: ' 0.0.2000 ' };
    filters.balance = { op: 'ne', value: '0' };
    filters.publicKey = 'abcd';
    filters.order = 'desc';
    filters.withBalance = false;
    expect(filtersToHashQuery(filters)).toBe('account.id=gte:0.0.1000&account.id=lt:0.0.2000&account.balance=ne:0&account.publickey=abcd&balance=false&order=desc');
    expect(filtersToApiQuery(filters)).toMatch(/&limit=100$/);
  });

  it('round-trips through the hash form', () => {
    const query = 'account.id=gt:0.0.5&account.id=lte:0.0.90&account.balance=gte:100&order=desc';
    expect(filtersToHashQuery(parseFilters(query))).toBe(query);
    expect(filtersToHashQuery(parseFilters(`?${query}`))).toBe(query);
  });

  it('treats a value without operator as equals and writes it back without one', () => {
    const filters = parseFilters('account.id=0.0.7&account.balance=5');
    expect(filters.idLower).toEqual({ op: 'eq', value: '0.0.7' });
    expect(filters.balance).toEqual({ op: 'eq', value: '5' });
    expect(filtersToHashQuery(filters)).toBe('account.id=0.0.7&account.balance=5');
  });

  it('keeps invalid input as typed so the API can reject it with its own message', () => {
    const filters = parseFilters('account.id=bad%20input&order=sideways&colour=blue');
    expect(filters.idLower.value).toBe('bad input');
    expect(filtersToApiQuery(filters)).toBe('account.id=bad%20input&order=sideways&colour=blue&limit=100');
  });

  it('ignores a limit in the hash: paging always uses 100', () => {
    expect(filtersToApiQuery(parseFilters('limit=3'))).toBe('limit=100');
  });

  it('encodes reserved characters in values', () => {
    const filters = defaultFilters();
    filters.publicKey = 'a&b=c';
    expect(filtersToHashQuery(filters)).toBe('account.publickey=a%26b%3Dc');
    expect(parseFilters(filtersToHashQuery(filters)).publicKey).toBe('a&b=c');
  });
});
