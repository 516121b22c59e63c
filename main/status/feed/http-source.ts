import { readRetryAfter } from '../../http/retry-after.ts';
import { DEFAULT_MAX_BODY_BYTES } from './parse-feed.ts';
import type { FeedResponse, StatusSource } from './status-source.ts';

export interface HttpSourceOptions {
  /** The status page's origin, e.g. https://status.hedera.com (paths are appended). */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  maxBodyBytes?: number;
}

/** Reads feeds from an upstream Statuspage with If-None-Match, a body size cap and the caller's abort signal. */
export function createHttpSource(options: HttpSourceOptions): StatusSource {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    local: false,
    label: base,
    async fetchFeed(path, etag, signal) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (etag) headers['if-none-match'] = etag;
      let response: Response;
      try {
        response = await fetchFn(base + path, { headers, signal, redirect: 'follow' });
      } catch (error) {
        return { kind: 'error', error: describeFetchError(error, signal) };
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'not-modified' };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        // As asked: the poll schedule keeps to it within a limit of its own.
        const retryAfterMs = readRetryAfter(response.headers.get('retry-after'))?.askedMs;
        return { kind: 'error', error: `upstream answered HTTP ${response.status}`, status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
      }
      const text = await readCapped(response, maxBytes, signal);
      if (typeof text !== 'string') return { kind: 'error', error: text.error };
      return { kind: 'ok', text, contentType: response.headers.get('content-type'), etag: response.headers.get('etag') };
    },
  };
}

/** Reads at most maxBytes of a body, so a runaway or hostile upstream cannot fill memory. */
async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<string | { error: string }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { error: `body of ${declared} bytes exceeds the ${maxBytes} byte limit` };
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        return { error: `body exceeds the ${maxBytes} byte limit` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { error: describeFetchError(error, signal) };
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function describeFetchError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return reason?.name === 'TimeoutError' ? 'upstream timed out' : 'request aborted';
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `upstream unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}
