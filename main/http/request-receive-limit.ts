/**
 * How long a client may take to send a whole request, headers and body, before it is answered 408
 * and its connection closed. Every port here is loopback and the largest body is an upload of
 * 64 MiB at most, which arrives in well under a second; without a limit (Fastify's default, 0) a
 * client that sends half a body and waits holds its socket for good, and any local process could
 * pin as many as it liked. Answering, however long it takes, is not limited by this.
 */
export const REQUEST_RECEIVE_LIMIT_MS = 60_000;

/**
 * The Node server options that enforce `limitMs`. Node looks for late requests every
 * `connectionsCheckingInterval` (30 s by default), so a stalled one is closed within a quarter of
 * the limit after it; the headers' own limit (60 s by default) may not exceed the whole request's.
 */
export function requestReceiveLimit(limitMs: number = REQUEST_RECEIVE_LIMIT_MS): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  return { requestTimeout: limitMs, headersTimeout: Math.min(60_000, limitMs), connectionsCheckingInterval: Math.max(50, Math.floor(limitMs / 4)) };
}

/**
 * The same as Fastify options, for an app that listens itself: Node's server takes the limits when
 * it is made, and Fastify then sets its own `requestTimeout` on it (0 unless given).
 */
export function fastifyReceiveLimit(limitMs: number = REQUEST_RECEIVE_LIMIT_MS): { http: ReturnType<typeof requestReceiveLimit>; requestTimeout: number } {
  const limits = requestReceiveLimit(limitMs);
  return { http: limits, requestTimeout: limits.requestTimeout };
}
