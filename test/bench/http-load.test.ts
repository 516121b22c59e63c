import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable, missedTargets } from '../../main/bench/bench-table.ts';
import { combineLoads, percentile, runLoad } from '../../main/bench/http-load.ts';

// The benchmark's load generator against a real loopback server that counts what it gets.
let served = 0;
const paths: string[] = [];
const sockets = new Set<unknown>();
const server = http.createServer((request, response) => {
  served++;
  paths.push(request.url ?? '');
  response.statusCode = request.url === '/fail' ? 500 : 200;
  if (request.url === '/chunked') {
    // Two writes without a length: Node sends them chunked.
    response.write('x'.repeat(100_000));
    response.end('{}');
  } else if (request.url === '/close') {
    response.setHeader('connection', 'close');
    response.end('{}');
  } else {
    response.end('{}');
  }
});
server.on('connection', (socket) => sockets.add(socket));
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('runLoad', () => {
  it('keeps the given number of connections busy and counts only answers after the warm-up', async () => {
    served = 0;
    sockets.clear();
    const result = await runLoad({ urls: [`${base}/a`, `${base}/b`], connections: 4, durationMs: 300, warmupMs: 100 });
    expect(result.failures).toBe(0);
    expect(result.requests).toBeGreaterThan(0);
    expect(result.requests).toBeLessThan(served);
    expect(sockets.size).toBe(4);
    expect(result.p50Ms).toBeLessThanOrEqual(result.p99Ms);
  });

  it('reads large chunked answers and replaces connections the server closes', async () => {
    const chunked = await runLoad({ urls: [`${base}/chunked`], connections: 2, durationMs: 200, warmupMs: 0 });
    expect(chunked.failures).toBe(0);
    expect(chunked.requests).toBeGreaterThan(0);
    const closing = await runLoad({ urls: [`${base}/close`], connections: 2, durationMs: 200, warmupMs: 0 });
    expect(closing.requests).toBeGreaterThan(0);
  });

  it('continues a URL cycle where the previous slice left it, so slices do not ask for the same targets again', async () => {
    const urls = Array.from({ length: 100_000 }, (_, i) => `${base}/t${i}`);
    paths.length = 0;
    const first = await runLoad({ urls, connections: 1, durationMs: 50, warmupMs: 20 });
    expect(first.issued).toBe(paths.length); // the warm-up's requests too, measured or not
    expect(first.issued).toBeGreaterThanOrEqual(first.requests);
    const seen = paths.length;
    const second = await runLoad({ urls, connections: 1, durationMs: 50, warmupMs: 0, firstUrl: first.issued });
    expect(paths.slice(seen)).toEqual(Array.from({ length: second.issued }, (_, i) => `/t${first.issued + i}`));
  });

  it('refuses URLs on different origins rather than measuring the wrong server', async () => {
    await expect(runLoad({ urls: [`${base}/a`, 'http://127.0.0.1:1/b'], connections: 1, durationMs: 10, warmupMs: 0 })).rejects.toThrow(/one origin/);
  });

  it('counts non-200 answers as failures, not as measured requests', async () => {
    const result = await runLoad({ urls: [`${base}/fail`], connections: 2, durationMs: 100, warmupMs: 0 });
    expect(result.requests).toBe(0);
    expect(result.failures).toBeGreaterThan(0);
  });
});

describe('figures', () => {
  it('takes percentiles from sorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 0.5)).toBe(51);
    expect(percentile(samples, 0.99)).toBe(100);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('adds slices of one measurement up: requests over time, medians weighted, the worst p99', () => {
    const slice = (requests: number, seconds: number, p50Ms: number, p99Ms: number, failures = 0) => ({ requests, seconds, issued: requests + 5, requestsPerSecond: requests / seconds, p50Ms, p99Ms, failures });
    const combined = combineLoads([slice(300, 1, 1, 4), slice(100, 1, 3, 9, 2), slice(0, 1, Number.NaN, Number.NaN)]);
    expect(combined).toEqual({ requests: 400, seconds: 3, issued: 415, requestsPerSecond: 400 / 3, p50Ms: 1.5, p99Ms: 9, failures: 2 });
    expect(combineLoads([]).requestsPerSecond).toBeNaN();
  });

  it('names the queries that miss the target, each against the baseline measured next to it', () => {
    const row = (name: string, rps: number, p99: number, failures = 0, baselineRps = 1000) => ({ name, rssBytes: 2 ** 20, baselineRps, result: { requests: 1, seconds: 1, issued: 1, requestsPerSecond: rps, p50Ms: 1, p99Ms: p99, failures } });
    // 'drifted' ran while the machine was slower: 400 req/s against a baseline of 600 meets the target.
    const rows = [row('fast', 900, 2), row('slow', 400, 2), row('late', 900, 12), row('broken', 900, 2, 1), row('drifted', 400, 2, 0, 600)];
    expect(missedTargets(rows, { minRatio: 0.5, maxP99Ms: 10 })).toEqual(['slow', 'late', 'broken']);
    const table = formatTable(rows);
    expect(table.split('\n')).toHaveLength(6);
    expect(table).toMatch(/slow\s+400\s+1,000\s+0\.40/);
    expect(table).toMatch(/drifted\s+400\s+600\s+0\.67/);
  });
});
