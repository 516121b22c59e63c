import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from '../../../renderer/src/lib/hash-route.ts';

describe('hash routes', () => {
  it('splits a screen and its query', () => {
    expect(parseRoute('#/accounts?account.id=gte:0.0.1000&order=desc', 'accounts')).toEqual({ screen: 'accounts', query: 'account.id=gte:0.0.1000&order=desc' });
  });

  it('falls back to the default screen for an empty hash', () => {
    expect(parseRoute('', 'accounts')).toEqual({ screen: 'accounts', query: '' });
    expect(parseRoute('#/', 'accounts')).toEqual({ screen: 'accounts', query: '' });
  });

  it('survives malformed percent-encoding', () => {
    expect(parseRoute('#/%E0%A4%A', 'accounts').screen).toBe('%E0%A4%A');
  });

  it('formats routes that parse back to themselves', () => {
    const route = { screen: 'verify', query: 'a=1' };
    expect(formatRoute(route)).toBe('#/verify?a=1');
    expect(parseRoute(formatRoute(route), 'accounts')).toEqual(route);
    expect(formatRoute({ screen: 'accounts', query: '' })).toBe('#/accounts');
  });
});
