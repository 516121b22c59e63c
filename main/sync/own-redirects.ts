/**
 * Redirects followed within the upstream's own origin (scheme, host and port) for one request: a
 * mirror node needs one or two (a trailing slash, a path moved). A move from http to https changes
 * the origin and is refused like another host: the profile's URL should name https itself.
 */
export const MAX_OWN_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A redirect that is not followed: nothing was sent where it points. */
export class UpstreamRedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamRedirectError';
  }
}

/** A redirect to another origin than the upstream's. */
export class RedirectElsewhereError extends UpstreamRedirectError {
  constructor(url: string, location: string) {
    super(`${url} redirected to another host (${location.slice(0, 200)}), which is not followed`);
    this.name = 'RedirectElsewhereError';
  }
}

/** More redirects within the upstream's origin than MAX_OWN_REDIRECTS: a loop, said as fetch's own limit is. */
export class TooManyRedirectsError extends Error {
  constructor(url: string) {
    super(`the upstream redirected ${url} more than ${MAX_OWN_REDIRECTS} times`);
    this.name = 'TooManyRedirectsError';
  }
}

/**
 * `fetch`, following redirects by hand, and only those that stay on `origin` (the upstream's): fetch's
 * own following would ask the other host first and let the caller find out afterwards, by which time
 * the request (and, relayed, whatever the user sent) had gone there and its answer could be served
 * as the upstream's. Throws RedirectElsewhereError without sending anything there. A 303, or a 301 or
 * 302 after a POST, goes on as a GET without a body, as fetch does; a 307 or 308 repeats the request.
 */
export async function fetchWithinOrigin(url: string, init: RequestInit, origin: string): Promise<Response> {
  let target = url;
  let request: RequestInit = { ...init, redirect: 'manual' };
  for (let hops = 0; ; hops++) {
    const response = await fetch(target, request);
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    // Its body (a short "Moved" page) is not wanted: let the connection go back to the pool.
    await response.body?.cancel().catch(() => undefined);
    const next = resolvedLocation(location, target);
    if (next === null) throw new UpstreamRedirectError(`${target} redirected to an address that cannot be read (${location.slice(0, 200)})`);
    if (next.origin !== new URL(origin).origin) throw new RedirectElsewhereError(target, location);
    if (hops === MAX_OWN_REDIRECTS) throw new TooManyRedirectsError(url);
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST');
    if (asGet) request = withoutBody(request);
    target = next.href;
  }
}

function resolvedLocation(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

function withoutBody(init: RequestInit): RequestInit {
  const { body: _body, headers, ...rest } = init;
  const kept = Object.fromEntries(Object.entries((headers ?? {}) as Record<string, string>).filter(([name]) => name.toLowerCase() !== 'content-type'));
  return { ...rest, method: 'GET', headers: kept };
}
