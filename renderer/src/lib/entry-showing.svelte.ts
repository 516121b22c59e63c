import { getContext, setContext } from 'svelte';
import { windowHistoryVisits } from './history-visits.ts';

const CONTEXT = Symbol('history entry showing');

/**
 * The router's side: makes the history entry showing readable by the screens below. `route()` is
 * the router's reactive route (its hash); the entry is looked up again each time it changes, and
 * those reading it hear only of a change of entry (not of the same route set twice, or written
 * otherwise). Call while the router component initialises.
 */
export function provideEntryShowing(route: () => unknown, visits: { current(): { entry: string } } = windowHistoryVisits()): void {
  const entry = $derived.by(() => {
    route();
    return visits.current().entry;
  });
  setContext(CONTEXT, () => entry);
}

/**
 * The key of the history entry showing, to read in an effect that shows something kept per entry
 * (entry-memory.ts): the effect then runs again for each entry, also one whose list query is the
 * same as the entry's before (`#/contracts` and `#/contracts?order=desc`), so that each entry has
 * its own note. Call while a component initialises; outside the router (a component mounted alone)
 * it never changes.
 */
export function entryShowing(): () => string {
  return getContext<(() => string) | undefined>(CONTEXT) ?? (() => '');
}
