import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../main/http/listen.ts';
import { networkFailureInWords } from '../../main/sync/network-failure-words.ts';
import { checkUpstreamMirror } from '../../main/sync/upstream-check.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { generateTransactions, insertTransactions } from '../helpers/transaction-fixture.ts';

// Each kind of URL a user may type into a custom profile, served for real on loopback: the
// project's own mirror API over a SQLite store (with and without transactions), and plain
// HTTP servers standing in for a web page, a JSON API that is not a mirror, a hung server and
// a port nothing listens on.
const withTransactions = mirrorApiFixture((store) => insertTransactions(store, generateTransactions(3)));
const empty = mirrorApiFixture();
const servers: http.Server[] = [];
let mirrorUrl = '';
let emptyUrl = '';

/** A plain server answering every request with `respond`; its base URL. */
async function plainServer(respond: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer(respond);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  mirrorUrl = await listenOnLoopback(withTransactions.api.server, 0);
  emptyUrl = await listenOnLoopback(empty.api.server, 0);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('checkUpstreamMirror', () => {
  it('recognises a mirror node and reads its newest transaction', async () => {
    const newest = generateTransactions(3).map((t) => t.consensus).sort().at(-1)!;
    const check = await checkUpstreamMirror(mirrorUrl);
    expect(check).toEqual({ kind: 'mirror', newestTransaction: `${newest / 1_000_000_000n}.${String(newest % 1_000_000_000n).padStart(9, '0')}` });
    // A fresh local network has none yet, and is still a mirror node.
    expect(await checkUpstreamMirror(emptyUrl)).toEqual({ kind: 'mirror', newestTransaction: null });
  });

  it('says when the URL already carries the API path the app adds', async () => {
    const check = await checkUpstreamMirror(`${mirrorUrl}/api/v1`);
    expect(check.kind).toBe('failing');
    expect(check.kind !== 'mirror' && check.message).toBe(`${mirrorUrl}/api/v1 answers as a mirror node, but with HTTP 404: Not found. Give the mirror node's base URL, without /api/v1: the app adds it`);
  });

  it('names a web page, and a JSON API that is not a mirror node, by what they answered', async () => {
    const page = await plainServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html>\n<html><title>Explorer</title></html>'));
    expect(await checkUpstreamMirror(page)).toEqual({ kind: 'not-mirror', message: `${page} answers, but not as a mirror node: HTTP 200, text/html ("<!doctype html> <html><title>Explorer</title></html>")` });
    const rpc = await plainServer((_request, response) => response.writeHead(405, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32600}}'));
    expect(await checkUpstreamMirror(rpc)).toEqual({ kind: 'not-mirror', message: `${rpc} answers JSON, but no list of transactions: HTTP 405 ("{"jsonrpc":"2.0","error":{"code":-32600}}")` });
    const silent = await plainServer((_request, response) => response.writeHead(204).end());
    expect(await checkUpstreamMirror(silent)).toMatchObject({ kind: 'not-mirror', message: expect.stringContaining('HTTP 204, no content type (an empty body)') });
  });

  it('says nothing answered: a closed port, and a server that never replies within the time given', async () => {
    const closed = await plainServer(() => undefined);
    const port = new URL(closed).port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await checkUpstreamMirror(`http://127.0.0.1:${port}`)).toEqual({ kind: 'unreachable', message: `No answer from http://127.0.0.1:${port} (ECONNREFUSED)`, reason: 'ECONNREFUSED' });
    const hung = await plainServer(() => undefined);
    expect(await checkUpstreamMirror(hung, { timeoutMs: 300 })).toEqual({ kind: 'unreachable', message: `No answer within 0.3 s from ${hung}`, reason: 'no answer within 0.3 s' });
  });

  it('says a port fetch will not use is that, not a port that did not answer: nothing was sent', async () => {
    // Port 1 is on the Fetch standard's list of bad ports; undici refuses it before connecting.
    const said = 'port 1 is one that fetch refuses to use; pick another port';
    expect(await checkUpstreamMirror('http://127.0.0.1:1')).toEqual({ kind: 'unreachable', message: `Nothing was sent to http://127.0.0.1:1: ${said}`, reason: said });
    // The sync's words for the same failure (its last error, serve's log).
    const refused = await fetch('http://127.0.0.1:1/api/v1/accounts').catch((error: unknown) => error);
    expect(networkFailureInWords(refused)).toBe('the port is one that fetch refuses to use, so nothing was sent; pick another port (bad port)');
  });

  it('stops reading an answer that does not end, and calls it what it is', async () => {
    const endless = await plainServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `[${'1,'.repeat(8_000)}`;
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    });
    expect(await checkUpstreamMirror(endless, { timeoutMs: 10_000 })).toMatchObject({ kind: 'not-mirror' });
  });
});
