import fs from 'node:fs/promises';
import { RENDERER_CSP } from '../bridge/http-bridge.ts';
import { contentTypeOf, resolveStaticFile } from '../bridge/static-files.ts';

/** The renderer's own scheme: registered as standard + secure, so it has a real origin and `'self'` in the CSP means it. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mirrordesk';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * True when `url` is on the app's own origin (`app://mirrordesk`). Compares scheme and host
 * rather than `URL.origin`, which WHATWG URL reports as `"null"` for non-special schemes.
 */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.hostname === APP_HOST && parsed.port === '' && parsed.username === '' && parsed.password === '';
}

export interface AppResponsePlan {
  status: 200 | 403 | 404 | 405;
  /** The file to send when status is 200. */
  file: string | null;
  headers: Record<string, string>;
}

const COMMON_HEADERS = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
};

/**
 * Maps an `app://` request to a file of the built renderer, or a refusal. Only GET/HEAD on
 * our own host; the path goes through the same traversal-safe resolver the web bridge uses.
 */
export function planAppResponse(rendererDir: string, method: string, url: string): AppResponsePlan {
  const refuse = (status: AppResponsePlan['status']): AppResponsePlan => ({ status, file: null, headers: { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
  if (!isAppUrl(url)) return refuse(403);
  if (method !== 'GET' && method !== 'HEAD') return refuse(405);
  // The raw path, not URL.pathname: URL normalises `..` and `%2e%2e` away before we could refuse them.
  const file = resolveStaticFile(rendererDir, rawPathOf(url));
  if (!file) return refuse(404);
  return { status: 200, file, headers: { ...COMMON_HEADERS, 'content-type': contentTypeOf(file) } };
}

/** The path and query exactly as written after `app://host`, before URL parsing cleans it. */
function rawPathOf(url: string): string {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const slash = afterScheme.search(/[/?#]/);
  const rest = slash === -1 ? '/' : afterScheme.slice(slash);
  const path = rest.split('#')[0]!;
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The `protocol.handle` callback for `app://`: plain `Request` in, `Response` out, so it runs
 * (and is tested) without Electron. Reads go through `fs`, which Electron patches for asar.
 */
export function createAppProtocolHandler(rendererDir: string, readFile: (file: string) => Promise<Uint8Array> = (file) => fs.readFile(file)): (request: Request) => Promise<Response> {
  return async (request) => {
    const plan = planAppResponse(rendererDir, request.method, request.url);
    if (plan.status !== 200 || !plan.file) return new Response(statusText(plan.status), { status: plan.status, headers: plan.headers });
    let body: Uint8Array;
    try {
      body = await readFile(plan.file);
    } catch {
      return new Response(statusText(404), { status: 404, headers: { ...plan.headers, 'content-type': 'text/plain; charset=utf-8' } });
    }
    return new Response(request.method === 'HEAD' ? null : new Blob([body as Uint8Array<ArrayBuffer>]), { status: 200, headers: plan.headers });
  };
}

function statusText(status: number): string {
  return status === 403 ? 'Forbidden' : status === 405 ? 'Method not allowed' : 'Not found';
}
