import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to one request. */
export type Fault = 'pass' | '429' | '500' | 'timeout' | 'truncate' | 'cut' | 'slow' | 'reset';
export const FAULTS: readonly Fault[] = ['429', '500', 'timeout', 'truncate', 'cut', 'slow', 'reset'];

export interface FaultProxy {
  url: string;
  /** Requests seen per fault applied. */
  counts: Record<Fault, number>;
  /** Arrival time (performance.now) of every request, with the fault it got. */
  log: Array<{ at: number; path: string; fault: Fault }>;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a real upstream that breaks requests on purpose: 429 with
 * Retry-After, 500, no answer at all, a body cut off mid-way (connection dropped, or a clean
 * chunked end), a body trickled slowly, and connection resets. `choose` picks per request.
 */
export async function startFaultProxy(upstream: string, choose: (n: number, path: string) => Fault, retryAfterSeconds = 1): Promise<FaultProxy> {
  const target = new URL(upstream);
  const counts = Object.fromEntries(['pass', ...FAULTS].map((f) => [f, 0])) as Record<Fault, number>;
  const log: FaultProxy['log'] = [];
  const held = new Set<http.ServerResponse>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const fault = choose(n++, req.url ?? '/');
    counts[fault]++;
    log.push({ at: performance.now(), path: req.url ?? '/', fault });
    switch (fault) {
      case '429':
        res.writeHead(429, { 'retry-after': String(retryAfterSeconds), 'content-type': 'application/json' });
        return res.end('{"_status":{"messages":[{"message":"Too many requests"}]}}');
      case '500':
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end('{"_status":{"messages":[{"message":"Internal error"}]}}');
      case 'timeout':
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      case 'reset':
        return req.socket.destroy();
      default:
        return forward(req, res, fault);
    }
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, fault: Fault): void {
    const outgoing = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (upstreamRes) => {
      const chunks: Buffer[] = [];
      upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamRes.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = { ...upstreamRes.headers };
        if (fault === 'truncate') {
          // Promises the whole length, sends half, then drops the connection.
          res.writeHead(upstreamRes.statusCode ?? 502, headers);
          res.write(body.subarray(0, Math.floor(body.length / 2)));
          setTimeout(() => res.socket?.destroy(), 5);
          return;
        }
        if (fault === 'cut') {
          // Ends cleanly, but the body is only half of the JSON.
          delete headers['content-length'];
          res.writeHead(upstreamRes.statusCode ?? 502, headers);
          return res.end(body.subarray(0, Math.floor(body.length / 2)));
        }
        res.writeHead(upstreamRes.statusCode ?? 502, headers);
        if (fault !== 'slow') return res.end(body);
        const step = Math.ceil(body.length / 4);
        let offset = 0;
        const trickle = (): void => {
          if (res.destroyed) return;
          res.write(body.subarray(offset, offset + step));
          offset += step;
          if (offset >= body.length) res.end();
          else setTimeout(trickle, 30);
        };
        trickle();
      });
    });
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    log,
    close: () => new Promise((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A seeded choice: every fault once in the first requests, then each request faulty with probability `rate`. */
export function faultPlan(seed: number, rate: number): (n: number) => Fault {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (n) => {
    // Every other request passes at first, so each fault is met while the crawl still moves.
    if (n < 2 * FAULTS.length) return n % 2 === 1 ? FAULTS[(n - 1) / 2]! : 'pass';
    return random() < rate ? FAULTS[Math.floor(random() * FAULTS.length)]! : 'pass';
  };
}
