/**
 * A stand-in for the page's `document` as far as its visibility goes (vitest runs these files in
 * Node, where there is none): `hide()` and `show()` change `visibilityState` and fire
 * `visibilitychange`, as a browser does when the window is minimised and restored.
 */
export function fakePageVisibility(): { hide(): void; show(): void; remove(): void } {
  const page = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  page.visibilityState = 'visible';
  (globalThis as { document?: unknown }).document = page;
  const set = (state: DocumentVisibilityState): void => {
    page.visibilityState = state;
    page.dispatchEvent(new Event('visibilitychange'));
  };
  return {
    hide: () => set('hidden'),
    show: () => set('visible'),
    remove: () => { delete (globalThis as { document?: unknown }).document; },
  };
}
