/** What opens a part of a page, in reading order; made focusable from script when focus is moved to it. */
export const HEADING = 'h1, h2, h3, h4, h5, h6';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Moves keyboard focus to the start of what a component shows between two hidden marker elements
 * (`display: none`, so they take no place in the consumer's grid or flex layout): its first heading,
 * made focusable from script, or else its first focusable element. For a component without a box
 * of its own to focus (its content lays out in its consumer's). Returns whether focus moved.
 */
export function focusStartBetween(start: Element, end: Element): boolean {
  const shown: Element[] = [];
  for (let element = start.nextElementSibling; element && element !== end; element = element.nextElementSibling) shown.push(element);
  for (const selector of [HEADING, FOCUSABLE]) {
    for (const element of shown) {
      const target = element.matches(selector) ? element : element.querySelector(selector);
      if (!(target instanceof HTMLElement)) continue;
      if (selector === HEADING && !target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus();
      return document.activeElement === target;
    }
  }
  return false;
}
