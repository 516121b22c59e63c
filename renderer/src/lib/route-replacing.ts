/**
 * A route change made inside `replacingRoute` replaces the history entry shown rather than adding
 * one: a tab switch (a click, or the arrow keys passing six tabs) is no stop for Back, which leaves
 * the page; the tab stays in the address, so a reload or a shared link opens it. The router asks
 * `routeReplaces()` as it sets the address. A flag for the call, not a parameter: the Tabs row
 * wraps its consumers' `onselect`, which reach the router through screens that know nothing of it.
 * It covers synchronous calls only: a route change after an `await` inside `change` runs once the
 * flag is down, and adds an entry as any other does.
 */
let depth = 0;

export function replacingRoute(change: () => void): void {
  depth += 1;
  try {
    change();
  } finally {
    depth -= 1;
  }
}

export function routeReplaces(): boolean {
  return depth > 0;
}
