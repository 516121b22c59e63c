import { describe, expect, it } from 'vitest';
import { parseTokenFilters, tokenFiltersProblem, tokenFiltersQuery, tokensPath } from '../../../renderer/src/lib/token-filters.ts';

describe('token filters', () => {
  it('round-trips through the hash query under the API parameter names', () => {
    const filters = parseTokenFilters('name=gold&type=NON_FUNGIBLE_UNIQUE&order=desc');
    expect(filters).toEqual({ name: 'gold', type: 'NON_FUNGIBLE_UNIQUE', order: 'desc' });
    expect(tokenFiltersQuery(filters)).toBe('name=gold&type=NON_FUNGIBLE_UNIQUE&order=desc');
    expect(tokenFiltersQuery({ name: '  ', type: '', order: '' })).toBe('');
  });

  it('builds the first page path, keeping a name with spaces encoded', () => {
    expect(tokensPath(parseTokenFilters(''))).toBe('/api/v1/tokens?limit=25');
    expect(tokensPath({ name: 'Vivid Punks', type: '', order: '' })).toBe('/api/v1/tokens?name=Vivid+Punks&limit=25');
  });

  it('says what the mirror would refuse, with the name bounds in UTF-8 bytes as the API counts them', () => {
    expect(tokenFiltersProblem({ name: 'ab', type: '', order: '' })).toBe('Type at least 3 characters of the name');
    expect(tokenFiltersProblem({ name: 'abc', type: '', order: '' })).toBeNull();
    // Two characters, four bytes: the API takes it.
    expect(tokenFiltersProblem({ name: 'éé', type: '', order: '' })).toBeNull();
    expect(tokenFiltersProblem({ name: 'x'.repeat(101), type: '', order: '' })).toMatch(/at most 100 bytes/);
    expect(tokenFiltersProblem({ name: '', type: 'BOGUS', order: '' })).toMatch(/Unknown token type/);
    expect(tokenFiltersProblem({ name: '', type: '', order: 'up' })).toMatch(/asc or desc/);
    expect(tokenFiltersProblem(parseTokenFilters(''))).toBeNull();
  });
});
