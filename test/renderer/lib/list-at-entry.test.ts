import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { EntryMemory } from '../../../renderer/src/lib/entry-memory.ts';
import type { Visit } from '../../../renderer/src/lib/history-visits.ts';
import { showListAtEntry } from '../../../renderer/src/lib/list-at-entry.ts';
import { PagedList, type Page } from '../../../renderer/src/lib/paged-list.ts';

/** Pages of two numbers each, up to 6, answered at once; every query asked is recorded. */
function pagesOfTwo() {
  const asked: string[] = [];
  const load = async (query: string): Promise<ApiResult<Page<number>>> => {
    asked.push(query);
    const from = Number(/from=(\d+)/.exec(query)?.[1] ?? 1);
    return { ok: true, value: { items: [from, from + 1], next: from + 2 <= 6 ? `from=${from + 2}` : null } };
  };
  return { asked, load };
}

function visitsByHand() {
  let visit: Visit = { entry: 'list' };
  return { current: () => visit, go: (entry: string) => { visit = { entry }; } };
}

describe('showListAtEntry', () => {
  it('a return shows the pages loaded as left, asks for none of them, and goes on from the next', async () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    const { asked, load } = pagesOfTwo();
    const first = new PagedList(load);
    const stop = showListAtEntry(first, 'q', 'rows', memory);
    await first.reset('q');
    await first.loadMore();
    expect(first.snapshot.items).toEqual([1, 2, 3, 4]);
    visits.go('page');
    stop();

    visits.go('list');
    asked.length = 0;
    const again = new PagedList(load);
    showListAtEntry(again, 'q', 'rows', memory);
    expect(again.snapshot).toMatchObject({ status: 'ready', items: [1, 2, 3, 4], hasMore: true, pages: 2 });
    expect(asked).toEqual([]);
    await again.loadMore();
    expect(asked).toEqual(['from=5']);
    expect(again.snapshot.items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a fresh visit, or the list shown again in the same visit, loads the first page', async () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    const { asked, load } = pagesOfTwo();
    const list = new PagedList(load);
    const stop = showListAtEntry(list, 'q', 'rows', memory);
    await list.reset('q');
    await list.loadMore();
    stop();
    visits.go('page');
    visits.go('list');
    const returned = new PagedList(load);
    showListAtEntry(returned, 'q', 'rows', memory);
    expect(returned.snapshot.items).toEqual([1, 2, 3, 4]);
    asked.length = 0;
    const shownAgain = new PagedList(load);
    showListAtEntry(shownAgain, 'q', 'rows', memory);
    expect(shownAgain.snapshot.status).toBe('loading');
    expect(asked).toEqual(['q']);
    visits.go('fresh');
    const fresh = new PagedList(load);
    showListAtEntry(fresh, 'q', 'rows', memory);
    expect(fresh.snapshot.status).toBe('loading');
  });

  it('two entries showing the same list each keep their own rows; a fresh one keeps those shown, without asking', async () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    const { asked, load } = pagesOfTwo();
    const list = new PagedList(load);
    let stop = showListAtEntry(list, 'q', 'rows', memory);
    await list.reset('q');
    // Another entry of the same page (a part of it opened): the rows stay, and are its own from now on.
    visits.go('part');
    stop();
    asked.length = 0;
    stop = showListAtEntry(list, 'q', 'rows', memory);
    expect(list.snapshot).toMatchObject({ status: 'ready', items: [1, 2] });
    expect(asked).toEqual([]);
    await list.loadMore();
    stop();

    visits.go('list');
    stop = showListAtEntry(list, 'q', 'rows', memory);
    expect(list.snapshot.items).toEqual([1, 2]);
    stop();
    visits.go('part');
    showListAtEntry(list, 'q', 'rows', memory);
    expect(list.snapshot.items).toEqual([1, 2, 3, 4]);
    // Shown again in the same visit (a reload, the ledger ready again): afresh.
    showListAtEntry(list, 'q', 'rows', memory);
    expect(list.snapshot.status).toBe('loading');
  });

  it('does not resume rows of another query', () => {
    const visits = visitsByHand();
    const memory = new EntryMemory(visits);
    memory.at('rows').keep({ query: 'other', items: [9], next: null, pages: 1 });
    visits.go('page');
    visits.go('list');
    const { load } = pagesOfTwo();
    const list = new PagedList(load);
    showListAtEntry(list, 'q', 'rows', memory);
    expect(list.snapshot).toMatchObject({ query: 'q', status: 'loading' });
  });
});
