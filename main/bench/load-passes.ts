import type { Scenario } from './accounts-scenarios.ts';
import type { BenchServer } from './bench-server-process.ts';
import { formatTable, missedTargets, type Row, type Target } from './bench-table.ts';
import { runLoad, type LoadResult } from './http-load.ts';

export interface PassOptions {
  connections: number;
  durationMs: number;
}

export interface LoadPasses {
  before: LoadResult;
  after: LoadResult;
  /** Mean of the trivial route's requests/s before and after the scenarios. */
  baselineRps: number;
  idleRss: number;
  /** As the app serves it: response cache on. */
  served: Row[];
  /** The queries themselves: response cache off. */
  uncached: Row[];
}

/**
 * Loads every scenario twice (cache on, then off) between two measurements of the trivial route.
 * The baseline is their mean; a large gap between the two says the machine was not steady.
 */
export async function runLoadPasses(server: BenchServer, scenarios: readonly Scenario[], options: PassOptions): Promise<LoadPasses> {
  const load = (urls: string[]) => runLoad({ urls, connections: options.connections, durationMs: options.durationMs, warmupMs: 1000 });
  const idleRss = server.rss();
  const before = await load([`${server.trivial}/hello`]);
  const measure = async (base: string, label: string): Promise<Row[]> => {
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const result = await load(scenario.paths.map((p) => `${base}${p}`));
      rows.push({ name: scenario.name, result, rssBytes: server.rss() });
      console.error(`measured: ${scenario.name} (${label})`);
    }
    return rows;
  };
  const served = await measure(server.mirror, 'as served');
  const uncached = await measure(server.mirrorUncached, 'without response cache');
  const after = await load([`${server.trivial}/hello`]);
  return { before, after, baselineRps: (before.requestsPerSecond + after.requestsPerSecond) / 2, idleRss, served, uncached };
}

/** Prints both tables and whether the served pass met the target (`targetText` says what it is). */
export function printLoadPasses(passes: LoadPasses, loadLine: string, target: Target, targetText: string): void {
  const { before, after, baselineRps, idleRss, served, uncached } = passes;
  console.log(`baseline: trivial Fastify route, ${Math.round(before.requestsPerSecond)} and ${Math.round(after.requestsPerSecond)} req/s before and after (mean ${Math.round(baselineRps)}), p99 ${before.p99Ms.toFixed(2)} ms; server idle rss ${(idleRss / 2 ** 20).toFixed(0)} MB`);
  console.log(loadLine);
  console.log('\nas the app serves it (response cache on; it empties whenever the store changes):');
  console.log(formatTable([{ name: 'trivial route (baseline)', result: before, rssBytes: idleRss }, ...served], baselineRps));
  console.log('\nthe queries themselves (response cache off: every request reads SQLite and renders):');
  console.log(formatTable(uncached, baselineRps));
  const missed = missedTargets(served, baselineRps, target);
  console.log(missed.length === 0 ? `\ntarget met: ${targetText}` : `\ntarget missed by: ${missed.join(', ')}`);
  const uncachedMissed = missedTargets(uncached, baselineRps, target);
  if (uncachedMissed.length > 0) console.log(`without the response cache, below target: ${uncachedMissed.join(', ')}`);
}
