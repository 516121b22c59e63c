/**
 * Which toast takes the keyboard focus when the toast holding it goes (dismissed, or pushed out by
 * newer ones): the one after it that stays, where the next Tab would have gone, else the nearest
 * one before it. Null when no toast is left: the focus then goes back to where it was before it
 * came into the toasts (StatusToasts), not to the page's start.
 */
export function toastTakingFocus(before: readonly number[], after: readonly number[], gone: number): number | null {
  const at = before.indexOf(gone);
  if (at < 0) return null;
  const stays = (key: number): boolean => after.includes(key);
  return before.slice(at + 1).find(stays) ?? before.slice(0, at).findLast(stays) ?? null;
}
