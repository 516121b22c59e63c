import type { UpstreamCheck } from '../common/profile-types.ts';
import { describeNetworkError, refusedPortInWords } from './network-failure-words.ts';
import { bodyExcerpt, mediaTypeOf, parseUpstreamJson } from './upstream-client.ts';

export interface UpstreamCheckOptions {
  /** Longest the one request waits, body included. */
  timeoutMs?: number;
}

/** What a check reads of an answer: at most this much text, enough for a page of one transaction. */
const MAX_BODY_CHARS = 256 * 1024;

/**
 * Asks a mirror URL for its newest transaction, once, to say what it is before a profile is saved
 * with it. A wrong URL otherwise shows only later, as a sync that keeps retrying: the JSON-RPC
 * relay's or an explorer's address, the base URL with `/api/v1` already on it, a captive portal's
 * page, a port nothing listens on. Never rejects.
 */
export async function checkUpstreamMirror(baseUrl: string, options: UpstreamCheckOptions = {}): Promise<UpstreamCheck> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const url = `${baseUrl}/api/v1/transactions?limit=1&order=desc`;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
    text = await readText(response);
  } catch (error) {
    return unreachable(baseUrl, error, signal.aborted ? timeoutMs : null);
  }
  const type = mediaTypeOf(response) || 'no content type';
  let body: unknown;
  try {
    body = parseUpstreamJson(text);
  } catch {
    return { kind: 'not-mirror', message: `${baseUrl} answers, but not as a mirror node: HTTP ${response.status}, ${type} (${bodyExcerpt(text)})${apiPathHint(baseUrl, response.status)}` };
  }
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (response.ok && Array.isArray(record.transactions)) {
    const newest = (record.transactions[0] as { consensus_timestamp?: unknown } | undefined)?.consensus_timestamp;
    return { kind: 'mirror', newestTransaction: typeof newest === 'string' ? newest : null };
  }
  const messages = (record._status as { messages?: Array<{ message?: unknown }> } | undefined)?.messages;
  if (Array.isArray(messages)) {
    // A mirror node's own error body: it is one, and it is failing (or the path is not its API's).
    const said = messages.map((m) => String(m?.message ?? '')).filter((m) => m !== '').join('; ') || 'no message';
    return { kind: 'failing', message: `${baseUrl} answers as a mirror node, but with HTTP ${response.status}: ${said}${apiPathHint(baseUrl, response.status)}` };
  }
  return { kind: 'not-mirror', message: `${baseUrl} answers JSON, but no list of transactions: HTTP ${response.status} (${bodyExcerpt(text)})${apiPathHint(baseUrl, response.status)}` };
}

/** What a check that got no answer says: `timedOutMs` when it waited that long in vain, else why nothing came. */
function unreachable(baseUrl: string, error: unknown, timedOutMs: number | null): UpstreamCheck {
  if (timedOutMs !== null) return { kind: 'unreachable', message: `No answer within ${timedOutMs / 1000} s from ${baseUrl}`, reason: `no answer within ${timedOutMs / 1000} s` };
  const refusedPort = refusedPortInWords(error, baseUrl);
  if (refusedPort !== null) return { kind: 'unreachable', message: `Nothing was sent to ${baseUrl}: ${refusedPort}`, reason: refusedPort };
  const reason = describeNetworkError(error);
  return { kind: 'unreachable', message: `No answer from ${baseUrl} (${reason})`, reason };
}

/** The body as text, up to MAX_BODY_CHARS: an endless or huge answer is not read to its end. */
async function readText(response: Response): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > MAX_BODY_CHARS) break;
  }
  return text;
}

/** The usual slip: the URL given with the API's path on it, which the app adds itself. */
function apiPathHint(baseUrl: string, status: number): string {
  return status === 404 && /\/api(\/v1)?$/.test(baseUrl) ? `. Give the mirror node's base URL, without ${baseUrl.endsWith('/v1') ? '/api/v1' : '/api'}: the app adds it` : '';
}
