import { describe, expect, it } from 'vitest';
import { NextLinkLoopError, nextPageOf } from '../../main/sync/next-page.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';

describe('nextPageOf', () => {
  const page = (next: unknown) => ({ items: [], links: { next } });

  it('follows the next link, and ends where it is null', () => {
    expect(nextPageOf(page('/api/v1/x?b'), '/api/v1/x?a')).toBe('/api/v1/x?b');
    expect(nextPageOf(page(null), '/api/v1/x?a')).toBeNull();
  });

  it('refuses a page without links, or whose links say nothing of a next page, as malformed rather than the end', () => {
    expect(() => nextPageOf({ items: [] }, '/api/v1/x?a')).toThrow(new UpstreamFormatError('the page /api/v1/x?a has no "links" object'));
    expect(() => nextPageOf(null, '/api/v1/x?a')).toThrow(UpstreamFormatError);
    expect(() => nextPageOf({ items: [], links: null }, '/api/v1/x?a')).toThrow(UpstreamFormatError);
    expect(() => nextPageOf({ items: [], links: [] }, '/api/v1/x?a')).toThrow(UpstreamFormatError);
    expect(() => nextPageOf(page(undefined), '/api/v1/x?a')).toThrow(/has no next link, nor null for none/);
    expect(() => nextPageOf(page(7), '/api/v1/x?a')).toThrow(UpstreamFormatError);
  });

  it('refuses a link to the page just read, or (within one walk) to any page read before', () => {
    expect(() => nextPageOf(page('/api/v1/x?a'), '/api/v1/x?a')).toThrow(UpstreamFormatError);
    const walked = new Set<string>();
    expect(nextPageOf(page('/api/v1/x?b'), '/api/v1/x?a', walked)).toBe('/api/v1/x?b');
    expect(nextPageOf(page('/api/v1/x?c'), '/api/v1/x?b', walked)).toBe('/api/v1/x?c');
    expect(() => nextPageOf(page('/api/v1/x?a'), '/api/v1/x?c', walked)).toThrow(/leads back to a page already read \(\/api\/v1\/x\?a\)/);
    // The loop names the pages it goes round, from the one linked back to through the one that linked.
    const refused = (() => { try { nextPageOf(page('/api/v1/x?b'), '/api/v1/x?c', walked); } catch (error) { return error; } })();
    expect(refused).toBeInstanceOf(NextLinkLoopError);
    expect((refused as NextLinkLoopError).loop).toEqual(['/api/v1/x?b', '/api/v1/x?c']);
  });
});
