import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 200 JSON body to answer instead of the upstream, as text (so a test can send any shape); null passes the request on. */
export type Substitute = (path: string) => string | null;

export interface AnsweringProxy {
  url: string;
  /** Every path asked, in order, with whether the proxy answered it itself. */
  log: Array<{ path: string; substituted: boolean }>;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a real upstream that answers some requests itself with a 200 of its
 * own choosing: an upstream that answers, quickly and politely, something that is not true (an
 * empty page in the middle of a list, a page without links, a body of the wrong shape). Unlike
 * the fault proxy's faults, nothing here looks like a failure to the HTTP client.
 */
export async function startAnsweringProxy(upstream: string, substitute: Substitute): Promise<AnsweringProxy> {
  const target = new URL(upstream);
  const log: AnsweringProxy['log'] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const body = substitute(path);
    log.push({ path, substituted: body !== null });
    if (body !== null) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(body);
    }
    const outgoing = http.request({ host: target.hostname, port: target.port, path, method: req.method, headers: { ...req.headers, host: target.host } }, (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    });
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
