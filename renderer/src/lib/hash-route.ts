/**
 * Hash routing: `#/accounts?account.id=gte:0.0.1000` names a screen and its state. Hash
 * routes work unchanged from the web bridge and from the Electron app protocol, and each
 * change is a history entry, so back and forward restore filters; what a list had loaded, its
 * offset and its open row come back from memory (entry-memory.ts, keyed by history entry).
 */
export interface Route {
  screen: string;
  /** The screen's query string, without `?`. */
  query: string;
}

export function parseRoute(hash: string, defaultScreen: string): Route {
  const text = hash.replace(/^#\/?/, '');
  const at = text.indexOf('?');
  const path = (at === -1 ? text : text.slice(0, at)).replace(/\/+$/, '');
  const query = at === -1 ? '' : text.slice(at + 1);
  return { screen: path === '' ? defaultScreen : safeDecode(path), query };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function formatRoute(route: Route): string {
  return `#/${encodeURIComponent(route.screen)}${route.query ? `?${route.query}` : ''}`;
}
