import { entryMemory, type EntryMemory } from './entry-memory.ts';
import type { ListPlace, PagedList } from './paged-list.ts';

/**
 * Shows `query` in `list` for the history entry showing now: on a return by Back or Forward, the
 * rows it held when the user left (every page loaded, and "more" going on from there) without
 * asking again; otherwise its first page, fresh. Then notes its rows under `slot` as they change.
 * Returns the function that stops noting (an effect's teardown, as the route changes).
 *
 * A list that grows at its top while the user is away comes back as it was left, not merged with
 * what is new: its next links go on below its last row, so its pages stay whole and in order, and
 * a screen that follows newer rows (the transactions list) offers them above it as it does for a
 * list left open.
 */
export function showListAtEntry<T>(list: PagedList<T>, query: string, slot: string, memory: EntryMemory = entryMemory()): () => void {
  const note = memory.at<ListPlace<T>>(slot);
  if (note.recalled?.query === query) list.resume(note.recalled);
  else void list.reset(query);
  return list.subscribe(() => {
    const place = list.place;
    if (place) note.keep(place);
  });
}
