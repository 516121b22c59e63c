import type { Attachment } from 'svelte/attachments';
import { entryMemory, type EntryMemory, type EntryNote } from './entry-memory.ts';

/** The element's side of it: its offset, its content's height and the events that move them. */
export interface Scrollable {
  scrollTop: number;
  readonly scrollHeight: number;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Calls back as the element's content (or the element) changes size; returns the teardown. */
export type ContentWatch = (resized: () => void) => () => void;

export interface Frames {
  request(callback: () => void): number;
  cancel(id: number): void;
  now(): number;
}

/** What the user does to scroll or move on: a restore or a focus still waiting for its element gives way to it (focus-when-shown.ts too). */
export const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** The rows of a page that loads first (a token, then its NFTs) take a moment to come back. */
export const RESTORE_GIVE_UP_MS = 4000;

/**
 * What is noted of a scroller: its offset, and how tall its content was then. Only with the content
 * as tall again are the same rows at the same offset: the rows drawn again by Back may be a moment
 * taller or shorter than they were left (a token's symbol not in yet), and as they settle the
 * browser's scroll anchoring (or a list holding its row in view) moves the offset with them.
 */
export interface ScrollNote {
  top: number;
  height: number;
}

/**
 * Keeps an element's scroll offset in `note`, and, when it holds one (a return by Back or
 * Forward), scrolls back there: at once, and again each frame until the content is as tall as it
 * was left with the offset there (set back each frame: a row that settles to its height as left
 * would otherwise carry the offset along), the user scrolls or presses a key, or it gives up.
 * Scroll events on the way there (the content still short, clamping the offset) are not noted;
 * otherwise the note is taken at each scroll and each change of the content's size (`watchContent`).
 * The top noted (an entry left there) is gone back to as well: an element that stays on screen
 * across routes would otherwise keep the offset of the entry after it. With nothing noted (a fresh
 * visit), `fresh` says whether it starts at the top (another list) or stays where it is (another tab
 * of the same page). Returns the teardown.
 */
export function keepScrollOffset(
  element: Scrollable,
  note: EntryNote<ScrollNote>,
  frames: Frames,
  fresh: 'top' | 'stay' = 'top',
  watchContent: ContentWatch = () => () => {},
): () => void {
  const target = note.recalled?.top ?? 0;
  const height = note.recalled?.height;
  const deadline = frames.now() + RESTORE_GIVE_UP_MS;
  let restoring = target > 0;
  let frame: number | null = null;

  const keep = (): void => note.keep({ top: element.scrollTop, height: element.scrollHeight });
  const stopRestoring = (): void => {
    restoring = false;
    if (frame !== null) frames.cancel(frame);
    frame = null;
    for (const type of USER_INPUT) element.removeEventListener(type, stopRestoring);
  };
  // The height too changes with no scroll (a "Load more" adding rows below, a row settling): noted as
  // it does, or a return would wait for a height the content no longer had when it was left.
  const onScrollOrResize = (): void => {
    if (!restoring) keep();
  };
  const attempt = (): void => {
    frame = null;
    element.scrollTop = target;
    const settled = Math.abs(element.scrollTop - target) < 1 && (height === undefined || Math.abs(element.scrollHeight - height) < 1);
    if (settled || frames.now() >= deadline) {
      stopRestoring();
      keep();
    } else {
      frame = frames.request(attempt);
    }
  };

  element.addEventListener('scroll', onScrollOrResize, { passive: true });
  const stopWatching = watchContent(onScrollOrResize);
  if (restoring) {
    for (const type of USER_INPUT) element.addEventListener(type, stopRestoring, { passive: true });
    attempt();
  } else {
    if (note.recalled !== undefined || fresh === 'top') element.scrollTop = 0;
    keep();
  }
  return () => {
    stopRestoring();
    stopWatching();
    element.removeEventListener('scroll', onScrollOrResize);
  };
}

/**
 * Any change to a scroller's height: its children's sizes, and children added or taken away (a
 * removed one fires no resize). The element itself too, as a narrower window wraps its rows.
 */
function contentSizeOf(element: HTMLElement): ContentWatch {
  return (resized) => {
    const sizes = new ResizeObserver(() => resized());
    const observeAll = (): void => {
      sizes.disconnect();
      sizes.observe(element);
      for (const child of element.children) sizes.observe(child);
    };
    const children = new MutationObserver(() => {
      observeAll();
      resized();
    });
    observeAll();
    children.observe(element, { childList: true });
    return () => {
      sizes.disconnect();
      children.disconnect();
    };
  };
}

const windowFrames: Frames = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (id) => cancelAnimationFrame(id),
  now: () => performance.now(),
};

/** The page each element was last attached for. */
const pageShown = new WeakMap<object, string>();

/**
 * `{@attach remembersScroll(slot)}` on a scrolling element: Back and Forward to this history
 * entry find it scrolled where the user left it; a fresh visit starts at the top. Name the slot
 * after what the element shows (its route's query) when it stays on screen across routes: a new
 * name starts again for the entry then showing. `page`, when the slot also names a part of the
 * page (its tab), names the page alone: a fresh visit to another part of the same page stays where
 * it is, as a tab switch should.
 */
export function remembersScroll(slot: string, { page = slot, memory = entryMemory() }: { page?: string; memory?: EntryMemory } = {}): Attachment<HTMLElement> {
  return (element) => {
    const samePage = pageShown.get(element) === page;
    pageShown.set(element, page);
    return keepScrollOffset(element, memory.at<ScrollNote>(slot), windowFrames, samePage ? 'stay' : 'top', contentSizeOf(element));
  };
}
