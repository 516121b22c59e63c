import { isLoopbackHost } from './host-check.ts';

/** What a local API answers (with 403) to a state-changing request sent by a page of another site. */
export const CROSS_SITE_MESSAGE = 'Forbidden: cross-site request refused: pages of other sites may not change anything here (send the request without an Origin header, or from a page on this machine)';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a request that changes state comes from a page of another site. A browser refuses
 * such a page the answer (no CORS grant), but a plain form or `fetch(..., {mode: 'no-cors'})` is
 * still sent and acted on: the server must refuse it itself. Browsers name the page in `Origin`:
 * only loopback pages (http or https on 127.0.0.1, localhost, [::1], any port) pass. Without an
 * Origin, a browser's `Sec-Fetch-Site: cross-site` still gives it away; clients that send neither
 * (curl, SDKs, Hardhat) are not pages and pass.
 */
export function isCrossSiteWrite(method: string, headers: { origin?: string | undefined; 'sec-fetch-site'?: string | string[] | undefined }): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (headers.origin !== undefined) return !isLoopbackOrigin(headers.origin);
  return headers['sec-fetch-site'] === 'cross-site';
}

/** An origin of a page served from this machine; `null` (a sandboxed frame, a file) is not one. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.host);
}
