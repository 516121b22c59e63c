import { describe, expect, it } from 'vitest';
import { NextLinkLoopError, nextPageOf } from '../../main/sync/next-page.ts';
import { UpstreamFormatError } from '../../main/sync/upstream-values.ts';
import type { WalkOrder } from '../../main/sync/walk-order.ts';

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

  it('along a walk\'s order, refuses a link whose bound is not past the page\'s own, with no memory of the pages read', () => {
    const up: WalkOrder = { param: 'account.id', order: 'asc' };
    const accounts = (bound = '') => `/api/v1/accounts?limit=100&order=asc${bound}`;
    expect(nextPageOf(page(accounts('&account.id=gt:0.0.1100')), accounts(), undefined, up)).toBe(accounts('&account.id=gt:0.0.1100'));
    expect(nextPageOf(page(accounts('&account.id=gt:0.0.2906')), accounts('&account.id=gt:0.0.1100'), undefined, up)).toBe(accounts('&account.id=gt:0.0.2906'));
    // Back to a page many pages before, which this walk (resumed from its cursor) never read; to the start; to itself by another URL.
    const refused = (() => { try { nextPageOf(page(accounts('&account.id=gt:0.0.100')), accounts('&account.id=gt:0.0.2906'), undefined, up); } catch (error) { return error; } })();
    expect(refused).toBeInstanceOf(NextLinkLoopError);
    expect((refused as Error).message).toBe(`the upstream's next link after ${accounts('&account.id=gt:0.0.2906')} leads back to a page at or before it (${accounts('&account.id=gt:0.0.100')})`);
    // Only the page whose link went back is not to be trusted again unread.
    expect((refused as NextLinkLoopError).loop).toEqual([accounts('&account.id=gt:0.0.2906')]);
    expect(() => nextPageOf(page(accounts()), accounts('&account.id=gt:0.0.1100'), undefined, up)).toThrow(NextLinkLoopError);
    expect(() => nextPageOf(page(`/api/v1/accounts?account.id=gt:0.0.1100&limit=100`), accounts('&account.id=gt:0.0.1100'), undefined, up)).toThrow(NextLinkLoopError);
    // gt: after gte: of the same id is a step on; ids compare as ids, not as text.
    expect(nextPageOf(page(accounts('&account.id=gt:0.0.5')), accounts('&account.id=gte:0.0.5'), undefined, up)).toBe(accounts('&account.id=gt:0.0.5'));
    expect(nextPageOf(page(accounts('&account.id=gt:0.0.10')), accounts('&account.id=gt:0.0.9'), undefined, up)).toBe(accounts('&account.id=gt:0.0.10'));
    // A bound of another form (an EVM address) cannot be placed: only the pages read tell a loop.
    expect(nextPageOf(page(accounts('&account.id=gt:0x00000000000000000000000000000000000003e8')), accounts('&account.id=gt:0.0.2906'), undefined, up))
      .toBe(accounts('&account.id=gt:0x00000000000000000000000000000000000003e8'));
  });

  it('refuses, in a walk down the timestamps, a link that does not reach further back; a floor on the other side is no bound of the walk', () => {
    const down: WalkOrder = { param: 'timestamp', order: 'desc' };
    const history = (bounds: string) => `/api/v1/transactions?account.id=0.0.1001&order=desc&limit=100${bounds}`;
    const first = history('&timestamp=lte:1700000000.000000500&timestamp=gte:1600000000.000000000');
    expect(nextPageOf(page(history('&timestamp=lt:1700000000.000000400&timestamp=gte:1600000000.000000000')), first, undefined, down))
      .toBe(history('&timestamp=lt:1700000000.000000400&timestamp=gte:1600000000.000000000'));
    // lt: after lte: of the same moment is a step on; a later moment, or the same one again, goes back.
    expect(nextPageOf(page(history('&timestamp=lt:1700000000.000000500')), history('&timestamp=lte:1700000000.000000500'), undefined, down)).not.toBeNull();
    expect(() => nextPageOf(page(history('&timestamp=lt:1700000000.0000006')), history('&timestamp=lt:1700000000.000000400'), undefined, down)).toThrow(NextLinkLoopError);
    expect(() => nextPageOf(page(history('&timestamp=lte:1700000000.0000004')), history('&timestamp=lt:1700000000.000000400'), undefined, down)).toThrow(/leads back to a page at or before it/);
  });
});
