import type { Scenario } from './accounts-scenarios.ts';
import type { BenchServer } from './bench-server-process.ts';
import { formatTable, missedTargets, type Row, type Target } from './bench-table.ts';
import { runLoad, type LoadResult } from './http-load.ts';

export interface PassOptions {
  connections: number;
  durationMs: number;
}

export interface LoadPasses {
  /** Every pass of the trivial route, in order: one before the first query, then one after each. */
  baselines: LoadResult[];
  /** Mean requests/s of all the trivial route's passes: the run's one figure (the query-costs budget). */
  baselineRps: number;
  idleRss: number;
  /** As the app serves it: response cache on. */
  served: Row[];
  /** The queries themselves: response cache off. */
  uncached: Row[];
}

/**
 * Loads every scenario twice (cache on, then off), with the trivial route loaded before the
 * first and after each. A query's ratio is to the mean of the two trivial passes around it:
 * this machine's speed drifts by half or more over the minutes a suite takes (the trivial
 * route at 16,569 req/s at the start of a run and 30,966 at its end), and a baseline measured
 * only at the ends would move every ratio in between with it.
 */
export async function runLoadPasses(server: BenchServer, scenarios: readonly Scenario[], options: PassOptions): Promise<LoadPasses> {
  const load = (urls: string[]) => runLoad({ urls, connections: options.connections, durationMs: options.durationMs, warmupMs: 1000 });
  const trivial = () => load([`${server.trivial}/hello`]);
  const idleRss = server.rss();
  const baselines = [await trivial()];
  const measure = async (base: string, label: string): Promise<Row[]> => {
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const result = await load(scenario.paths.map((p) => `${base}${p}`));
      const rssBytes = server.rss();
      const before = baselines.at(-1)!;
      const after = await trivial();
      baselines.push(after);
      rows.push({ name: scenario.name, result, rssBytes, baselineRps: (before.requestsPerSecond + after.requestsPerSecond) / 2 });
      console.error(`measured: ${scenario.name} (${label})`);
    }
    return rows;
  };
  const served = await measure(server.mirror, 'as served');
  const uncached = await measure(server.mirrorUncached, 'without response cache');
  const baselineRps = baselines.reduce((sum, pass) => sum + pass.requestsPerSecond, 0) / baselines.length;
  return { baselines, baselineRps, idleRss, served, uncached };
}

/** Prints both tables and whether the served pass met the target (`targetText` says what it is). */
export function printLoadPasses(passes: LoadPasses, loadLine: string, target: Target, targetText: string): void {
  const { baselines, baselineRps, idleRss, served, uncached } = passes;
  const rates = baselines.map((pass) => pass.requestsPerSecond);
  const [lowest, highest] = [Math.min(...rates), Math.max(...rates)];
  console.log(`baseline: trivial Fastify route, loaded before the first query and after each (${baselines.length} passes): ${Math.round(lowest)} to ${Math.round(highest)} req/s (mean ${Math.round(baselineRps)}, first p99 ${baselines[0]!.p99Ms.toFixed(2)} ms); server idle rss ${(idleRss / 2 ** 20).toFixed(0)} MB`);
  console.log('each ratio is to the mean of the two trivial passes around its query (the baseline column)');
  console.log(loadLine);
  console.log('\nas the app serves it (response cache on; it empties whenever the store changes):');
  const first = baselines[0]!;
  console.log(formatTable([{ name: 'trivial route (baseline)', result: first, rssBytes: idleRss, baselineRps: first.requestsPerSecond }, ...served]));
  console.log('\nthe queries themselves (response cache off: every request reads SQLite and renders):');
  console.log(formatTable(uncached));
  const missed = missedTargets(served, target);
  console.log(missed.length === 0 ? `\ntarget met: ${targetText}` : `\ntarget missed by: ${missed.join(', ')}`);
  const uncachedMissed = missedTargets(uncached, target);
  if (uncachedMissed.length > 0) console.log(`without the response cache, below target: ${uncachedMissed.join(', ')}`);
}
