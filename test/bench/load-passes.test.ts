import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_ROUNDS, runLoadPasses } from '../../main/bench/load-passes.ts';

// The suites' load passes against a real loopback server standing in for the bench server
// process: /hello is the trivial route, /m/ the mirror as served, /u/ without its cache.
const seen: string[] = [];
const server = http.createServer((request, response) => {
  seen.push(request.url ?? '');
  response.end('{}');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The kinds of request in the order they came, each run of one kind once: `T`, `m` or `u`. */
function slices(urls: readonly string[]): string {
  const kinds = urls.map((url) => (url === '/hello' ? 'T' : url[1]!));
  return kinds.filter((kind, i) => kind !== kinds[i - 1]).join('');
}

describe('runLoadPasses', () => {
  it('alternates each query with the trivial route, T Q T Q T Q T, and goes on through its targets from slice to slice', async () => {
    const targets = Array.from({ length: 100_000 }, (_, i) => `/${i}`);
    const fake = { mirror: `${base}/m`, mirrorUncached: `${base}/u`, trivial: base, rss: () => 2 ** 20, stop: async () => undefined };
    const passes = await runLoadPasses(fake, [{ name: 'lookup', paths: targets }], { connections: 2, durationMs: 150 });

    const round = `T${'mT'.repeat(LOAD_ROUNDS)}`;
    // The served query's last trivial slice and the uncached query's first run together in this record.
    expect(slices(seen)).toBe(`${round}${round.slice(1).replaceAll('m', 'u')}`);
    // The served query's targets: one cycle, never starting over at a slice (sorted: two sockets may cross).
    const asked = seen.filter((url) => url.startsWith('/m/')).map((url) => Number(url.slice(3))).sort((a, b) => a - b);
    expect(asked).toEqual(Array.from({ length: asked.length }, (_, i) => i));

    expect(passes.served).toHaveLength(1);
    expect(passes.uncached).toHaveLength(1);
    const [row] = passes.served;
    expect(row!.result.requests).toBeGreaterThan(0);
    expect(row!.baselineRps).toBeGreaterThan(0);
    expect(passes.baselineRange[0]).toBeLessThanOrEqual(passes.baselineRange[1]);
    expect(passes.baseline.requests).toBeGreaterThan(0);
  }, 30_000);
});
