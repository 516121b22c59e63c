/**
 * A failed request that got no answer, in plain words for the Sync panel and `serve`'s log, with the
 * system's code (or undici's message) kept in parentheses to search for: `the connection was refused
 * (ECONNREFUSED)`. The bare codes (`UND_ERR_SOCKET`, `redirect count exceeded`) said nothing to most.
 */

const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection broke',
  ETIMEDOUT: 'no connection within the time allowed',
  UND_ERR_CONNECT_TIMEOUT: 'no connection within the time allowed',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  EADDRNOTAVAIL: 'the address is not available',
  UND_ERR_SOCKET: 'the connection closed before the answer was complete',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_HEADERS_TIMEOUT: 'no answer within the time allowed',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped coming',
  EPROTO: 'the secure connection failed (HTTPS to a port that speaks plain HTTP?)',
};

/** TLS failures all come down to one thing for the user: the certificate is not trusted. */
const TLS_CODE = /^(?:CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(?:GET|VERIFY)_|ERR_TLS_)/;

/**
 * fetch (undici, as browsers) refuses the Fetch standard's "bad ports" (1, 7, 9, 6000, …) before
 * sending anything, with no code: `bad port`. Said as no answer, it sent the user looking for what
 * listens there.
 */
const BAD_PORT = 'bad port';

/** Messages undici gives without a code. */
const MESSAGE_WORDS: Record<string, string> = {
  'redirect count exceeded': 'the upstream redirected too many times',
  'other side closed': 'the connection closed before the answer was complete',
  [BAD_PORT]: 'the port is one that fetch refuses to use, so nothing was sent; pick another port',
};

/** A failed fetch in a few words: the system's code (ECONNREFUSED, ENOTFOUND) where there is one. */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? (cause?.message ?? error.message) : String(error);
}

/** describeNetworkError in plain words, the code or message kept in parentheses. */
export function networkFailureInWords(error: unknown): string {
  const raw = describeNetworkError(error);
  const words = CODE_WORDS[raw] ?? (TLS_CODE.test(raw) ? "the upstream's TLS certificate is not trusted" : MESSAGE_WORDS[raw]);
  return `${words ?? 'the request failed'} (${raw})`;
}

/**
 * For a fetch of `url` that fetch refused for its port (nothing was sent): that, naming the port;
 * null for any other failure.
 */
export function refusedPortInWords(error: unknown, url: string): string | null {
  if (describeNetworkError(error) !== BAD_PORT) return null;
  const { port, protocol } = new URL(url);
  return `port ${port || (protocol === 'https:' ? '443' : '80')} is one that fetch refuses to use; pick another port`;
}
