import { RESTORE_GIVE_UP_MS, USER_INPUT } from './scroll-at-entry.ts';

/**
 * Scrolls `element` to the top of its scrolling page (smoothly, unless the user asks for reduced
 * motion): at once, and again as it grows, since what it shows is often still loading and the
 * page not yet tall enough to bring it all the way up. Stops at the user's first scroll, press or
 * key (USER_INPUT), or when it gives up, as a restored offset does. Returns the teardown.
 */
export function bringIntoView(element: HTMLElement): () => void {
  const behavior: ScrollBehavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
  const scroll = (): void => element.scrollIntoView({ block: 'start', behavior });
  const observer = new ResizeObserver(scroll);
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) document.removeEventListener(type, stop, { capture: true });
  };
  for (const type of USER_INPUT) document.addEventListener(type, stop, { capture: true });
  const timer = setTimeout(stop, RESTORE_GIVE_UP_MS);
  // The observer's first report, as it starts, is the first scroll.
  observer.observe(element);
  return stop;
}
