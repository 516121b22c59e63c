import { urlForMessage } from '../../http/url-for-message.ts';

/** Progress of a download: bytes so far and the expected total (0 when the server did not say). */
export type DownloadProgress = (received: number, total: number) => void;

export interface DownloadOptions {
  onProgress?: DownloadProgress;
  /** Gives up after this long without finishing (default 10 minutes: soljson files are ~10 MB). */
  timeoutMs?: number;
  /** Refuses bodies larger than this (default 64 MiB). */
  maxBytes?: number;
}

/**
 * GETs a URL into memory with progress, a time-out and a size cap; throws one-line messages, which
 * show the URL as urlForMessage does (a mirror's or registry's may carry a key).
 */
export async function download(url: string, options: DownloadOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 600_000) });
  } catch (error) {
    throw new Error(`cannot download ${urlForMessage(url)}: ${failureReason(error)}`);
  }
  if (!response.ok || !response.body) throw new Error(`cannot download ${urlForMessage(url)}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length') ?? 0);
  const chunks: Buffer[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    received += chunk.length;
    if (received > maxBytes) {
      await reader.cancel();
      throw new Error(`cannot download ${urlForMessage(url)}: larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
    options.onProgress?.(received, total);
  }
  return Buffer.concat(chunks);
}

/** GETs a JSON document; a non-2xx answer gives its status and a null body rather than throwing. */
export async function fetchJson(url: string, timeoutMs = 30_000): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new Error(`cannot reach ${urlForMessage(url)}: ${failureReason(error)}`);
  }
  if (!response.ok) return { status: response.status, body: null };
  return { status: response.status, body: await response.json() };
}

/**
 * Why fetch failed: its cause (`getaddrinfo ENOTFOUND host`) rather than its "fetch failed". Some
 * of its own messages quote the URL whole ("Request cannot be constructed from a URL that includes
 * credentials: https://user:password@…"), hence urlForMessage.
 */
function failureReason(error: unknown): string {
  const { cause, message } = error as Error;
  return urlForMessage(cause instanceof Error ? cause.message : message);
}
