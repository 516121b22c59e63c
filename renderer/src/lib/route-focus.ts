import { entryMemory, type EntryMemory } from './entry-memory.ts';
import { elementAtPlace, focusPlaceOf, PLACE_ATTRIBUTES, type FocusPlace } from './focus-place.ts';
import { focusWhenShown } from './focus-when-shown.ts';
import { HEADING } from './focus-start.ts';
import type { Route } from './hash-route.ts';
import { opensAnotherThing } from './screen-arrival.ts';

/** The entry memory's slot for where the focus was in the screen when the user left the entry. */
const FOCUS_SLOT = 'screen-focus';

/** The history entries shown in this window so far: showing one again is a return by Back or Forward. */
const entriesShown = new Set<string>();

/**
 * Where an arrival starts: the part a screen marks with `data-arrival-focus` (the node card the
 * Network screen opens above its lists), itself when it is a heading or focusable, else its first
 * heading once shown; without one, the screen's main heading.
 */
export function arrivalTarget(screen: ParentNode): HTMLElement | null {
  const part = screen.querySelector<HTMLElement>('[data-arrival-focus]');
  if (part === null) return screen.querySelector<HTMLElement>('h1');
  if (part.matches(`${HEADING}, [tabindex]`)) return part;
  return part.querySelector<HTMLElement>(HEADING);
}

/**
 * Keyboard focus as the route goes from `before` (null at start) to `after`, the screen shown in
 * `main`. Opening another screen or entity, by a link, a tab or the search box, moves the focus to
 * where it starts (`arrivalTarget`), as a page load would; so does a search (`searched`) whose
 * answer is what is shown already, where the route changes in a tab or a filter or not at all:
 * the search was for the page, not for the box. A filter, tab or part of the same one
 * leaves it on the control used. A return by Back or Forward (an entry shown before) does not
 * start over: the list comes back as it was left (list-at-entry.ts, scroll-at-entry.ts), and the
 * focus, where it fell to the page, goes to the element it was on when the user left, scrolled
 * into view (the screen's heading, left where it is, when that one cannot be told apart, and
 * nowhere when it is not shown). The app's start leaves the focus alone: the skip link is the
 * first Tab stop.
 * Returns the teardown, for the next route.
 */
export function followRouteFocus(main: HTMLElement, before: Route | null, after: Route, searched = false, memory: EntryMemory = entryMemory()): () => void {
  const note = memory.at<FocusPlace | null>(FOCUS_SLOT);
  // Told by the entry, not by the note: the memory forgets (another profile, an entry long ago), the history does not.
  const returning = entriesShown.has(note.visit.entry);
  entriesShown.add(note.visit.entry);
  const left = note.recalled ?? null;
  note.keep(left);
  const noteFocus = (event: FocusEvent): void => {
    if (event.target instanceof Element) note.keep(focusPlaceOf(event.target, main));
  };
  main.addEventListener('focusin', noteFocus);

  let stopFocus = (): void => {};
  // A search is an arrival also at the entry shown (its hash unchanged): it is no return by Back.
  if (searched || (!returning && before !== null && opensAnotherThing(before, after))) {
    // A screen's heading is at its top, where a fresh visit starts; a part it marks may be further down.
    stopFocus = focusWhenShown(main, () => arrivalTarget(main), { take: 'origin', scroll: (target) => target.closest('[data-arrival-focus]') !== null });
  } else if (returning) {
    // Without an element to tell apart, the screen's heading: better than the page's start.
    const find = left ? () => elementAtPlace(main, left) : () => main.querySelector<HTMLElement>('h1');
    // The element the user left from is shown as well: where the page's offset is brought back it
    // is on screen already (scrolling nowhere); where it is not (a window made shorter since), the
    // focus is not left out of view. The heading, the stand-in, is not: it would undo the offset.
    stopFocus = focusWhenShown(main, find, { take: 'lost', watchAttributes: PLACE_ATTRIBUTES, scroll: () => left !== null });
  }
  return () => {
    main.removeEventListener('focusin', noteFocus);
    stopFocus();
  };
}
