import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { PagedList, queryOfLink, type Page } from '../../../renderer/src/lib/paged-list.ts';

/** A loader whose answers the test releases by hand, recording every query asked. */
function manualLoader() {
  const calls: Array<{ query: string; resolve: (result: ApiResult<Page<number>>) => void }> = [];
  const load = (query: string) => new Promise<ApiResult<Page<number>>>((resolve) => calls.push({ query, resolve }));
  const page = (items: number[], next: string | null): ApiResult<Page<number>> => ({ ok: true, value: { items, next } });
  return { calls, load, page };
}

describe('PagedList', () => {
  it('loads the first page, then follows next links and appends', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('limit=2');
    expect(list.snapshot.status).toBe('loading');
    calls[0]!.resolve(page([1, 2], 'limit=2&after=2'));
    await first;
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1, 2], hasMore: true, pages: 1 });

    const more = list.loadMore();
    expect(list.snapshot.loadingMore).toBe(true);
    expect(calls[1]!.query).toBe('limit=2&after=2');
    calls[1]!.resolve(page([3], null));
    await more;
    expect(list.snapshot).toMatchObject({ items: [1, 2, 3], hasMore: false, loadingMore: false, pages: 2 });
  });

  it('asks only once for a page that is already on its way', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve(page([1], 'q2'));
    await first;
    const a = list.loadMore();
    const b = list.loadMore();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(page([2], null));
    await Promise.all([a, b]);
    expect(list.snapshot.items).toEqual([1, 2]);
  });

  it('does not ask twice when the same first page is requested again while loading', () => {
    const { calls, load } = manualLoader();
    const list = new PagedList(load);
    void list.reset('q');
    void list.reset('q');
    expect(calls).toHaveLength(1);
  });

  it('drops answers to a query that was replaced by a reset', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    void list.reset('old');
    const current = list.reset('new');
    calls[1]!.resolve(page([20], null));
    calls[0]!.resolve(page([10], null));
    await current;
    await Promise.resolve();
    expect(list.snapshot.items).toEqual([20]);
    expect(list.snapshot.query).toBe('new');
  });

  it('does nothing on loadMore after the last page', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve(page([1], null));
    await first;
    await list.loadMore();
    expect(calls).toHaveLength(1);
  });

  it('reports a failed first page as an error and retries it', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve({ ok: false, error: { code: 'invalid-input', message: 'Invalid accounts query', details: ['Invalid parameter: account.id'] } });
    await first;
    expect(list.snapshot.status).toBe('error');
    expect(list.snapshot.error?.details).toEqual(['Invalid parameter: account.id']);
    const again = list.retry();
    calls[1]!.resolve(page([1], null));
    await again;
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1], error: null });
  });

  it('keeps loaded rows when a later page fails, and retries only that page', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve(page([1], 'q2'));
    await first;
    const more = list.loadMore();
    calls[1]!.resolve({ ok: false, error: { code: 'unavailable', message: 'down', details: [] } });
    await more;
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1], error: { message: 'down' } });
    await list.loadMore();
    expect(calls).toHaveLength(2);
    const retried = list.retry();
    expect(calls[2]!.query).toBe('q2');
    calls[2]!.resolve(page([2], null));
    await retried;
    expect(list.snapshot.items).toEqual([1, 2]);
  });

  it('turns a loader that throws into a typed error', async () => {
    const list = new PagedList<number>(() => Promise.reject(new Error('socket closed')));
    await list.reset('q');
    expect(list.snapshot.error).toEqual({ code: 'unavailable', message: 'socket closed', details: [] });
  });

  it('tells subscribers the current state at once and every change after', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const seen: string[] = [];
    const unsubscribe = list.subscribe((s) => seen.push(s.status));
    const first = list.reset('q');
    calls[0]!.resolve(page([], null));
    await first;
    unsubscribe();
    void list.reset('other');
    expect(seen).toEqual(['idle', 'loading', 'ready']);
  });
});

describe('queryOfLink', () => {
  it('takes the query string of a next link', () => {
    expect(queryOfLink('/api/v1/accounts?limit=100&account.id=gt:0.0.1100')).toBe('limit=100&account.id=gt:0.0.1100');
    expect(queryOfLink('http://127.0.0.1:1/api/v1/accounts?limit=1')).toBe('limit=1');
    expect(queryOfLink('/api/v1/accounts')).toBe('');
    expect(queryOfLink(null)).toBeNull();
  });
});

describe('PagedList.refresh', () => {
  it('replaces the rows shown with a fresh first page, without a loading state between', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve(page([], null));
    await first;
    const refreshed = list.refresh();
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [] });
    expect(calls[1]!.query).toBe('q');
    calls[1]!.resolve(page([1, 2], 'q2'));
    await refreshed;
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1, 2], hasMore: true, pages: 1 });
  });

  it('keeps the rows when the refresh fails, and is dropped by a reset', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const first = list.reset('q');
    calls[0]!.resolve(page([1], null));
    await first;
    const failed = list.refresh();
    calls[1]!.resolve({ ok: false, error: { code: 'unavailable', message: 'down', details: [] } } as never);
    await failed;
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1], error: null });

    const stale = list.refresh();
    const next = list.reset('other');
    calls[2]!.resolve(page([9], null));
    calls[3]!.resolve(page([5], null));
    await Promise.all([stale, next]);
    expect(list.snapshot).toMatchObject({ query: 'other', items: [5] });
  });

  it('gives its place (rows and next page) once a page is in, a page on its way not included', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    expect(list.place).toBeNull();
    const first = list.reset('q');
    expect(list.place).toBeNull();
    calls[0]!.resolve(page([1, 2], 'q2'));
    await first;
    void list.loadMore();
    expect(list.place).toEqual({ query: 'q', items: [1, 2], next: 'q2', pages: 1 });
  });

  it('resumes a place without asking, goes on from its next page, and drops what was loading', async () => {
    const { calls, load, page } = manualLoader();
    const list = new PagedList(load);
    const stale = list.reset('other');
    list.resume({ query: 'q', items: [1, 2, 3], next: 'q4', pages: 2 });
    expect(list.snapshot).toMatchObject({ query: 'q', status: 'ready', items: [1, 2, 3], hasMore: true, pages: 2, loadingMore: false });
    calls[0]!.resolve(page([9], null));
    await stale;
    expect(list.snapshot.items).toEqual([1, 2, 3]);
    const more = list.loadMore();
    expect(calls[1]!.query).toBe('q4');
    calls[1]!.resolve(page([4], null));
    await more;
    expect(list.snapshot).toMatchObject({ items: [1, 2, 3, 4], hasMore: false, pages: 3 });
  });
});
