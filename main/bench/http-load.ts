import net from 'node:net';
import { createResponseReader } from './http-response-reader.ts';

export interface LoadOptions {
  /** Requests cycle through these URLs, so a scenario is not one cached answer. */
  urls: string[];
  connections: number;
  durationMs: number;
  /** Requests before this point warm caches and are not counted. */
  warmupMs: number;
  /**
   * Where in `urls` the cycle starts (default 0): a measurement split into slices continues
   * from the previous slice's `issued`, so that lookups do not repeat targets a response cache
   * has already kept.
   */
  firstUrl?: number;
}

export interface LoadResult {
  /** Measured requests (after the warm-up), answered with 200. */
  requests: number;
  /** The measured window's length. */
  seconds: number;
  /** Every request written, warm-up included: where a following slice continues the URL cycle. */
  issued: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200, and socket errors: a scenario with any is not a valid figure. */
  failures: number;
}

/**
 * A closed-loop load generator: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous answer is read (what autocannon and wrk do). Requests are
 * written from prepared bytes and answers read by a minimal response reader, so that the
 * generator takes as little as it can of the CPU it shares with the server. Latency is
 * measured per request with the monotonic clock. Every URL must share one http origin.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const origin = sharedOrigin(options.urls);
  const requests = options.urls.map((url) => {
    const { pathname, search } = new URL(url);
    return Buffer.from(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${origin.host}\r\nConnection: keep-alive\r\n\r\n`, 'latin1');
  });
  const latencies: number[] = [];
  let failures = 0;
  let next = options.firstUrl ?? 0;
  const start = performance.now();
  const warmEnd = start + options.warmupMs;
  const end = warmEnd + options.durationMs;

  const connection = async (): Promise<void> => {
    let socket: LoadSocket | null = null;
    while (performance.now() < end) {
      socket ??= await openLoadSocket(origin.hostname, origin.port).catch(() => null);
      const request = requests[next++ % requests.length]!;
      const sent = performance.now();
      const status = socket ? await socket.exchange(request) : 0;
      const done = performance.now();
      if (status === 0) {
        // A broken connection counts once and is replaced, as a real client would.
        socket?.close();
        socket = null;
      }
      if (sent < warmEnd) continue;
      if (status === 200) latencies.push(done - sent);
      else failures++;
    }
    socket?.close();
  };
  await Promise.all(Array.from({ length: options.connections }, connection));

  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: options.durationMs / 1000,
    issued: next - (options.firstUrl ?? 0),
    requestsPerSecond: latencies.length / (options.durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  };
}

/**
 * Slices of one measurement as one result: requests and time add up; the median is the
 * request-weighted mean of the slices' medians and p99 the worst slice's (percentiles of
 * separate runs do not merge exactly; this errs on the slow side).
 */
export function combineLoads(slices: readonly LoadResult[]): LoadResult {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const weighted = slices.filter((slice) => slice.requests > 0);
  return {
    requests,
    seconds,
    issued: slices.reduce((sum, slice) => sum + slice.issued, 0),
    requestsPerSecond: seconds > 0 ? requests / seconds : Number.NaN,
    p50Ms: requests > 0 ? weighted.reduce((sum, slice) => sum + slice.p50Ms * slice.requests, 0) / requests : Number.NaN,
    p99Ms: weighted.length > 0 ? Math.max(...weighted.map((slice) => slice.p99Ms)) : Number.NaN,
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

function sharedOrigin(urls: readonly string[]): URL {
  if (urls.length === 0) throw new Error('runLoad needs at least one URL');
  const origin = new URL(urls[0]!);
  if (origin.protocol !== 'http:') throw new Error(`runLoad speaks plain http only: ${urls[0]}`);
  for (const url of urls) {
    if (new URL(url).origin !== origin.origin) throw new Error(`runLoad URLs must share one origin: ${url} is not on ${origin.origin}`);
  }
  return origin;
}

interface LoadSocket {
  /** Writes one request and resolves with the answer's status, or 0 when the connection failed. */
  exchange(request: Buffer): Promise<number>;
  close(): void;
}

function openLoadSocket(host: string, port: string): Promise<LoadSocket> {
  return new Promise((resolve, reject) => {
    let waiting: ((status: number) => void) | null = null;
    const settle = (status: number): void => {
      const resolveExchange = waiting;
      waiting = null;
      resolveExchange?.(status);
    };
    const reader = createResponseReader(settle, () => {
      settle(0);
      socket.destroy();
    });
    // Reads land in one buffer per socket, reused: a fresh buffer per read made the generator
    // collect garbage at hundreds of MB/s on large pages, and its pauses showed up as latency.
    const readBuffer = Buffer.allocUnsafe(64 * 1024);
    const socket = net.connect({
      host,
      port: Number(port || 80),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (size) => {
          reader.push(readBuffer.subarray(0, size));
          return true;
        },
      },
    });
    socket.on('close', () => settle(0));
    // Every error, before or after connecting (a reject after the connection resolved is ignored).
    socket.on('error', (error) => {
      reject(error);
      settle(0);
    });
    socket.once('connect', () => resolve({
      exchange(request) {
        if (socket.destroyed) return Promise.resolve(0);
        return new Promise((resolveExchange) => {
          waiting = resolveExchange;
          socket.write(request);
        });
      },
      close() {
        socket.destroy();
      },
    }));
  });
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
