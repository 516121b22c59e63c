/**
 * Whether the page is hidden (a minimised window, a background tab, the app closed to its tray):
 * the renderer's polls skip their turns then, and catch up when it is shown again (onPageShown).
 * Outside a page (unit tests in Node) it is never hidden.
 */
export function pageHidden(): boolean {
  return globalThis.document?.visibilityState === 'hidden';
}

/** Calls `onShown` each time the page is shown again after being hidden; returns the function that stops it. */
export function onPageShown(onShown: () => void): () => void {
  const page = globalThis.document;
  if (!page) return () => {};
  const listener = (): void => {
    if (page.visibilityState === 'visible') onShown();
  };
  page.addEventListener('visibilitychange', listener);
  return () => page.removeEventListener('visibilitychange', listener);
}

/**
 * Calls `ask` every `everyMs` while the page is shown, and at once each time it is shown again (a
 * hidden page skips its turns rather than catch up on them); returns the function that stops it.
 */
export function pollWhileShown(ask: () => void, everyMs: number): () => void {
  const timer = setInterval(() => { if (!pageHidden()) ask(); }, everyMs);
  const offShown = onPageShown(ask);
  return () => {
    clearInterval(timer);
    offShown();
  };
}
