/**
 * A Svelte action for a box with its own scroll bar (a long message in a table cell): while
 * its content overflows, it takes keyboard focus (Tab to it, then the arrow keys scroll it)
 * and is named for screen readers by `label`; while everything fits, it is plain text and no
 * Tab stop. Overflow is measured again whenever the box or its content changes size.
 */
export function scrollFocus(node: HTMLElement, label: string): { update(label: string): void; destroy(): void } {
  let name = label;
  const apply = (): void => {
    if (node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth) {
      node.tabIndex = 0;
      node.setAttribute('role', 'region');
      node.setAttribute('aria-label', name);
    } else {
      node.removeAttribute('tabindex');
      node.removeAttribute('role');
      node.removeAttribute('aria-label');
    }
  };
  const observer = new ResizeObserver(apply);
  observer.observe(node);
  apply();
  return {
    update(next: string) {
      name = next;
      apply();
    },
    destroy() {
      observer.disconnect();
    },
  };
}
