/**
 * Which element had the focus in a part of the page, told so that the same element can be found
 * again when that part is shown anew (Back to a list, rebuilt from memory): a link by where it
 * leads, anything else by its test id, and which of those it was. Other elements are not told
 * apart reliably enough: no place is better than the focus on the wrong one.
 */
export interface FocusPlace {
  selector: string;
  /** Its position among the elements `selector` matches. */
  index: number;
}

function selectorFor(element: Element): string | null {
  const href = element.getAttribute('href');
  if (element.localName === 'a' && href !== null) return `a[href="${CSS.escape(href)}"]`;
  const testId = element.getAttribute('data-testid');
  if (testId !== null) return `${element.localName}[data-testid="${CSS.escape(testId)}"]`;
  return null;
}

/** The place of `element` inside `root`; null when it cannot be told apart. */
export function focusPlaceOf(element: Element, root: ParentNode): FocusPlace | null {
  const selector = selectorFor(element);
  if (selector === null) return null;
  const index = [...root.querySelectorAll(selector)].indexOf(element);
  return index === -1 ? null : { selector, index };
}

/** The element at `place` inside `root`, once it is shown. */
export function elementAtPlace(root: ParentNode, place: FocusPlace): HTMLElement | null {
  const element = root.querySelectorAll(place.selector)[place.index];
  return element instanceof HTMLElement ? element : null;
}
