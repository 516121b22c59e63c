import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { weakEtag } from '../../http/etag.ts';

/** What one path answers: a Statuspage body (200), or `{status, body}` for an error or raw text. */
export type UpstreamAnswer = unknown;

export interface FakeUpstream {
  url: string;
  /** Replaces every path's answer; paths not given answer 404. */
  serve(answers: Record<string, UpstreamAnswer>): void;
  /** Requests received so far, with the If-None-Match each sent. */
  readonly requests: { path: string; ifNoneMatch: string | null }[];
  close(): Promise<void>;
}

function isWrapped(value: unknown): value is { status: number; body?: unknown; headers?: Record<string, string> } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { status?: unknown }).status === 'number' && !('page' in value);
}

/**
 * A Statuspage stand-in on loopback, speaking real HTTP: bodies with ETags, 304 for a matching
 * If-None-Match, and whatever error status a scenario asks for.
 */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  let answers: Record<string, UpstreamAnswer> = {};
  const requests: FakeUpstream['requests'] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const ifNoneMatch = request.headers['if-none-match'] ?? null;
    requests.push({ path, ifNoneMatch });
    const answer = answers[path];
    if (answer === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const status = isWrapped(answer) ? answer.status : 200;
    const body = isWrapped(answer) ? answer.body : answer;
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
    const headers: Record<string, string> = { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8', ...(isWrapped(answer) ? answer.headers : {}) };
    if (status === 200) {
      const etag = weakEtag(text);
      headers.etag = etag;
      if (ifNoneMatch === etag) {
        response.writeHead(304, { etag }).end();
        return;
      }
    }
    response.writeHead(status, headers).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(next) {
      answers = next;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
