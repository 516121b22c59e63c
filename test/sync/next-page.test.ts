import { describe, expect, it } from 'vitest';
import { nextPageOf } from '../../main/sync/next-page.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';

describe('nextPageOf', () => {
  const page = (next: unknown) => ({ items: [], links: { next } });

  it('follows the next link, and ends where there is none', () => {
    expect(nextPageOf(page('/api/v1/x?b'), '/api/v1/x?a')).toBe('/api/v1/x?b');
    expect(nextPageOf(page(null), '/api/v1/x?a')).toBeNull();
    expect(nextPageOf({ items: [] }, '/api/v1/x?a')).toBeNull();
    expect(nextPageOf(null, '/api/v1/x?a')).toBeNull();
  });

  it('refuses a link to the page just read, or (within one walk) to any page read before', () => {
    expect(() => nextPageOf(page('/api/v1/x?a'), '/api/v1/x?a')).toThrow(UpstreamFormatError);
    const walked = new Set<string>();
    expect(nextPageOf(page('/api/v1/x?b'), '/api/v1/x?a', walked)).toBe('/api/v1/x?b');
    expect(nextPageOf(page('/api/v1/x?c'), '/api/v1/x?b', walked)).toBe('/api/v1/x?c');
    expect(() => nextPageOf(page('/api/v1/x?a'), '/api/v1/x?c', walked)).toThrow(/leads back to a page already read \(\/api\/v1\/x\?a\)/);
  });
});
