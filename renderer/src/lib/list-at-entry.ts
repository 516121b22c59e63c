import { entryMemory, type EntryMemory } from './entry-memory.ts';
import type { Visit } from './history-visits.ts';
import type { ListPlace, PagedList } from './paged-list.ts';

/** The visit each list was last shown in: shown again in the same one (a reload, the ledger ready again), it loads afresh. */
const shownIn = new WeakMap<object, Visit>();

/**
 * Shows `query` in `list` for the history entry showing now: on a return by Back or Forward, the
 * rows it held when the user left (every page loaded, and "more" going on from there) without
 * asking again; at a fresh entry of the same page already showing `query` (a tab switched, a part
 * opened), the rows shown; otherwise its first page, fresh. Then notes its rows under `slot` as
 * they change, for this entry only.
 * Returns the function that stops noting (an effect's teardown, as the history entry changes).
 *
 * A list that grows at its top while the user is away comes back as it was left, not merged with
 * what is new: its next links go on below its last row, so its pages stay whole and in order, and
 * a screen that follows newer rows (the transactions list) offers them above it as it does for a
 * list left open.
 */
export function showListAtEntry<T>(list: PagedList<T>, query: string, slot: string, memory: EntryMemory = entryMemory()): () => void {
  const note = memory.at<ListPlace<T>>(slot);
  const shown = list.place;
  const newVisit = shownIn.get(list) !== note.visit;
  shownIn.set(list, note.visit);
  if (note.recalled?.query === query) list.resume(note.recalled);
  // A fresh entry of the same page showing the same list (another tab, a part of it opened or closed) keeps its rows.
  else if (note.recalled === undefined && newVisit && shown?.query === query) note.keep(shown);
  else void list.reset(query);
  return list.subscribe(() => {
    const place = list.place;
    if (place) note.keep(place);
  });
}
