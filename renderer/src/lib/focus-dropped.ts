/**
 * Whether keyboard focus is nowhere: on the page's body, where it falls when the focused element is
 * removed (a button that went with the list it was in). The caller then moves it somewhere sensible;
 * focus the user has moved elsewhere meanwhile stays where it is.
 */
export function focusDropped(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}
