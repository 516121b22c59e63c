import http from 'node:http';

export interface LoadOptions {
  /** Requests cycle through these URLs, so a scenario is not one cached answer. */
  urls: string[];
  connections: number;
  durationMs: number;
  /** Requests before this point warm caches and are not counted. */
  warmupMs: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200, and socket errors: a scenario with any is not a valid figure. */
  failures: number;
}

/**
 * A closed-loop load generator: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous answer is read (what autocannon and wrk do). Latency is
 * measured per request with the monotonic clock.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  const warmEnd = start + options.warmupMs;
  const end = warmEnd + options.durationMs;

  const connection = async (): Promise<void> => {
    while (performance.now() < end) {
      const url = options.urls[next++ % options.urls.length]!;
      const sent = performance.now();
      const status = await getStatus(agent, url);
      const done = performance.now();
      if (sent < warmEnd) continue;
      if (status === 200) latencies.push(done - sent);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  agent.destroy();

  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / (options.durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  };
}

function getStatus(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
  });
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
