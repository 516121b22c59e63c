import type { Scenario } from './accounts-scenarios.ts';
import type { BenchServer } from './bench-server-process.ts';
import { formatTable, missedTargets, type Row, type Target } from './bench-table.ts';
import { combineLoads, runLoad, type LoadResult } from './http-load.ts';

export interface PassOptions {
  connections: number;
  durationMs: number;
}

export interface LoadPasses {
  /** The trivial route's slices of the whole run, as one result. */
  baseline: LoadResult;
  /** Its requests/s: the run's one figure (the query-costs budget). */
  baselineRps: number;
  /** The lowest and highest requests/s of the trivial route next to one query. */
  baselineRange: [number, number];
  idleRss: number;
  /** As the app serves it: response cache on. */
  served: Row[];
  /** The queries themselves: response cache off. */
  uncached: Row[];
}

/**
 * Rounds in which a query alternates with the trivial route, T Q T Q T Q T, each slice a third
 * of the query's time. This machine's speed drifts by half or more over the minutes a suite takes
 * (the trivial route from 13,872 to 25,368 req/s within one run) and jumps between seconds; a
 * baseline measured at the run's ends moved every ratio in between with it, and one pass on each
 * side of a query still swung its ratio by a third. Alternating in short slices puts the query
 * and its baseline in the same moments.
 */
export const LOAD_ROUNDS = 3;
/** Before a query's first slice: its statements prepared, the JIT settled on its path. */
const FIRST_WARMUP_MS = 1000;
/** Before every other slice: the sockets open again. */
const SLICE_WARMUP_MS = 200;

/** Loads every scenario twice (cache on, then off), each in rounds with the trivial route. */
export async function runLoadPasses(server: BenchServer, scenarios: readonly Scenario[], options: PassOptions): Promise<LoadPasses> {
  const sliceMs = options.durationMs / LOAD_ROUNDS;
  const slice = (urls: string[], warmupMs: number, firstUrl = 0) =>
    runLoad({ urls, connections: options.connections, durationMs: sliceMs, warmupMs, firstUrl });
  const trivialSlices: LoadResult[] = [];
  const trivial = async (): Promise<LoadResult> => {
    const result = await slice([`${server.trivial}/hello`], SLICE_WARMUP_MS);
    trivialSlices.push(result);
    return result;
  };
  const idleRss = server.rss();
  const measure = async (base: string, label: string): Promise<Row[]> => {
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const urls = scenario.paths.map((p) => `${base}${p}`);
      const around = [await trivial()];
      const query: LoadResult[] = [];
      let at = 0; // lookups go on through their targets from slice to slice
      for (let round = 0; round < LOAD_ROUNDS; round++) {
        const result = await slice(urls, round === 0 ? FIRST_WARMUP_MS : SLICE_WARMUP_MS, at);
        at += result.issued;
        query.push(result);
        around.push(await trivial());
      }
      rows.push({ name: scenario.name, result: combineLoads(query), rssBytes: server.rss(), baselineRps: combineLoads(around).requestsPerSecond });
      console.error(`measured: ${scenario.name} (${label})`);
    }
    return rows;
  };
  const served = await measure(server.mirror, 'as served');
  const uncached = await measure(server.mirrorUncached, 'without response cache');
  const baseline = combineLoads(trivialSlices);
  const rates = [...served, ...uncached].map((row) => row.baselineRps);
  return { baseline, baselineRps: baseline.requestsPerSecond, baselineRange: [Math.min(...rates), Math.max(...rates)], idleRss, served, uncached };
}

/** Prints both tables and whether the served pass met the target (`targetText` says what it is). */
export function printLoadPasses(passes: LoadPasses, loadLine: string, target: Target, targetText: string): void {
  const { baseline, baselineRps, baselineRange, idleRss, served, uncached } = passes;
  console.log(`baseline: trivial Fastify route, alternated with each query (${LOAD_ROUNDS} rounds: T Q T Q T Q T); next to one query ${Math.round(baselineRange[0])} to ${Math.round(baselineRange[1])} req/s, over the run ${Math.round(baselineRps)}; server idle rss ${(idleRss / 2 ** 20).toFixed(0)} MB`);
  console.log("each ratio is to the trivial route's slices around its query's (the baseline column)");
  console.log(loadLine);
  console.log('\nas the app serves it (response cache on; it empties whenever the store changes):');
  console.log(formatTable([{ name: 'trivial route (baseline)', result: baseline, rssBytes: idleRss, baselineRps }, ...served]));
  console.log('\nthe queries themselves (response cache off: every request reads SQLite and renders):');
  console.log(formatTable(uncached));
  const missed = missedTargets(served, target);
  console.log(missed.length === 0 ? `\ntarget met: ${targetText}` : `\ntarget missed by: ${missed.join(', ')}`);
  const uncachedMissed = missedTargets(uncached, target);
  if (uncachedMissed.length > 0) console.log(`without the response cache, below target: ${uncachedMissed.join(', ')}`);
}
