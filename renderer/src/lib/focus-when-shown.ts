import { focusDropped } from './focus-dropped.ts';
import { USER_INPUT } from './scroll-at-entry.ts';

/** Elements that take the focus as they are; anything else (a heading) is made focusable from script only. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** A by-id page read through to an upstream mirror can take some seconds to show its heading. */
const FOCUS_GIVE_UP_MS = 15_000;

export interface FocusWhenShownOptions {
  /**
   * Whose focus may be taken: `lost`, only a focus that fell to the page (its element went with
   * the screen it was on); `origin`, also the element focused as the wait began (the link or
   * search box that led here).
   */
  take: 'lost' | 'origin';
  /**
   * Whether to scroll the element into view as well (as little as needed): for one the page may be
   * scrolled away from, or the element a return by Back goes back to, which the offset brought
   * back (scroll-at-entry.ts) normally shows already. Otherwise the page stays where its screen
   * put it: at a return to a screen's heading, that offset; at an incident opened on the Status
   * screen, that incident.
   */
  scroll?: (target: HTMLElement) => boolean;
  /**
   * Attributes `find` goes by besides the elements themselves: set after an element is drawn, a
   * change of one is looked at again as a change of the elements is.
   */
  watchAttributes?: readonly string[];
}

/**
 * Moves the focus to what `find` returns inside `root` as soon as it is shown: at the next frame
 * (the route's own updates done, so what the previous route showed is gone), then again as `root`
 * changes, until the user presses a key or a pointer, or it gives up. The focus it set is taken
 * again if the element is replaced (its content reloaded). Returns the teardown.
 */
export function focusWhenShown(root: HTMLElement, find: () => HTMLElement | null, { take, scroll = () => false, watchAttributes = [] }: FocusWhenShownOptions): () => void {
  let origin = take === 'origin' ? document.activeElement : null;
  let frame: number | null = null;

  const free = (): boolean => {
    const active = document.activeElement;
    return focusDropped() || active === root || (origin !== null && active === origin);
  };
  const attempt = (): void => {
    frame = null;
    if (!free()) return;
    const target = find();
    if (!target) return;
    if (!target.matches(FOCUSABLE)) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    if (scroll(target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    // From now on only a focus that is lost again is taken: the origin is left behind.
    origin = null;
  };
  const schedule = (): void => {
    frame ??= requestAnimationFrame(attempt);
  };

  const observer = new MutationObserver(schedule);
  const stop = (): void => {
    observer.disconnect();
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    clearTimeout(timer);
    for (const type of USER_INPUT) document.removeEventListener(type, stop, { capture: true });
  };
  observer.observe(root, watchAttributes.length > 0
    ? { childList: true, subtree: true, attributeFilter: [...watchAttributes] }
    : { childList: true, subtree: true });
  for (const type of USER_INPUT) document.addEventListener(type, stop, { capture: true });
  const timer = setTimeout(stop, FOCUS_GIVE_UP_MS);
  schedule();
  return stop;
}
