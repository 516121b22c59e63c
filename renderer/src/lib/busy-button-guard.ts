/**
 * A button marked `aria-disabled="true"` is busy with what it started, or has nothing to do: it
 * stays focusable, where `disabled` would drop the focus to the page's start, but a press must do
 * nothing. One guard for the whole page does that, so no handler need check its own button: the
 * click (the pointer's, or the one Enter and Space fire, also the one Enter in a form's field fires
 * at its submit button) stops at the window, in capture, before any other listener, and its default
 * action (a form's submit) is cancelled. Returns the function that removes the guard.
 */
export function guardBusyButtons(target: Window): () => void {
  const stop = (event: Event): void => {
    if (!(event.target instanceof Element) || event.target.closest('button[aria-disabled="true"]') === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  target.addEventListener('click', stop, { capture: true });
  return () => target.removeEventListener('click', stop, { capture: true });
}
