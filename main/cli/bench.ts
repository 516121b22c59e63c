/**
 * `npm run bench -- accounts [--accounts N] [--duration SECONDS] [--connections N] [--data-dir DIR]`
 *
 * Generates or reuses a demo dataset of N accounts, then measures GET /api/v1/accounts
 * queries at 20 connections next to a trivial Fastify route (the baseline) served by the
 * same process in the same run, and prints requests/s, p50, p99, ratios and memory: once as
 * the app serves them (response cache on) and once without the cache.
 *
 * `npm run bench -- sync [--accounts N] [--data-dir DIR]`: accounts/s the sync ingests from a
 * local upstream against the raw SQLite insert rate of the same rows, in the same run.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { accountsScenarios } from '../bench/accounts-scenarios.ts';
import { prepareDataset } from '../bench/bench-dataset.ts';
import { startBenchServer } from '../bench/bench-server-process.ts';
import { formatTable, missedTargets, type Row } from '../bench/bench-table.ts';
import { runLoad } from '../bench/http-load.ts';
import { benchSync } from '../bench/sync-report.ts';
import { benchMirror, MIRROR_USAGE, parseMirrorArgs } from '../bench/mirror-suite.ts';
import { benchVerify, parseVerifyBenchArgs, VERIFY_USAGE } from '../bench/verify-bench.ts';

const USAGE = `usage: npm run bench -- accounts [--accounts N] [--duration SECONDS] [--connections N] [--data-dir DIR]
       npm run bench -- sync [--accounts N] [--data-dir DIR]
       ${MIRROR_USAGE}
       ${VERIFY_USAGE}`;
const TARGET = { minRatio: 0.5, maxP99Ms: 10 };

interface BenchArgs {
  suite: 'accounts' | 'sync';
  accounts: number;
  durationMs: number;
  connections: number;
  dataDir: string;
}

function parseArgs(argv: string[]): BenchArgs {
  const [suite, ...rest] = argv;
  if (suite !== 'accounts' && suite !== 'sync') throw new Error(suite ? `unknown benchmark "${suite}"` : 'name a benchmark');
  const args: BenchArgs = { suite, accounts: suite === 'sync' ? 20_000 : 100_000, durationMs: 5000, connections: 20, dataDir: path.resolve('.data/bench') };
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]!;
    const value = rest[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    const whole = (min: number, max: number): number => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
      return n;
    };
    switch (flag) {
      case '--accounts': args.accounts = whole(1000, 50_000_000); break;
      case '--duration': args.durationMs = whole(1, 600) * 1000; break;
      case '--connections': args.connections = whole(1, 1000); break;
      case '--data-dir': args.dataDir = path.resolve(value); break;
      default: throw new Error(`unknown option ${flag}`);
    }
  }
  return args;
}

async function main(args: BenchArgs): Promise<void> {
  const dataset = await prepareDataset(args.dataDir, args.accounts, (line) => console.error(line));
  const mb = (dataset.bytes / 2 ** 20).toFixed(0);
  console.log(dataset.generated
    ? `dataset: ${args.accounts} accounts, ${dataset.rows} rows in ${dataset.seconds.toFixed(1)} s (${Math.round(dataset.rowsPerSecond)} rows/s), ${mb} MB`
    : `dataset: ${args.accounts} accounts, ${dataset.rows} rows, reused (${mb} MB at ${dataset.file})`);

  const db = new Database(dataset.file, { readonly: true });
  const scenarios = accountsScenarios(db);
  db.close();

  const server = await startBenchServer(dataset.file);
  try {
    const load = (urls: string[]) => runLoad({ urls, connections: args.connections, durationMs: args.durationMs, warmupMs: 1000 });
    const idleRss = server.rss();
    // The baseline is measured before and after the queries; their mean is the reference,
    // and a large gap between the two says the machine was not steady during the run.
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
    const baselineRps = (before.requestsPerSecond + after.requestsPerSecond) / 2;

    console.log(`baseline: trivial Fastify route, ${Math.round(before.requestsPerSecond)} and ${Math.round(after.requestsPerSecond)} req/s before and after (mean ${Math.round(baselineRps)}), p99 ${before.p99Ms.toFixed(2)} ms; server idle rss ${(idleRss / 2 ** 20).toFixed(0)} MB`);
    console.log(`load: ${args.connections} connections, ${args.durationMs / 1000} s per query after 1 s warm-up, filter values cycled over up to 64 variants`);
    console.log('\nas the app serves it (response cache on; it empties whenever the store changes):');
    console.log(formatTable([{ name: 'trivial route (baseline)', result: before, rssBytes: idleRss }, ...served], baselineRps));
    console.log('\nthe queries themselves (response cache off: every request reads SQLite and renders):');
    console.log(formatTable(uncached, baselineRps));
    const missed = missedTargets(served, baselineRps, TARGET);
    console.log(missed.length === 0
      ? `\ntarget met: every query at >= ${TARGET.minRatio}x the baseline's req/s with p99 < ${TARGET.maxP99Ms} ms`
      : `\ntarget missed by: ${missed.join(', ')}`);
  } finally {
    await server.stop();
  }
}

try {
  if (process.argv[2] === 'verify') {
    await benchVerify(parseVerifyBenchArgs(process.argv.slice(3)));
  } else if (process.argv[2] === 'mirror') {
    await benchMirror(parseMirrorArgs(process.argv.slice(3)));
  } else {
    const args = parseArgs(process.argv.slice(2));
    await (args.suite === 'sync' ? benchSync(args.dataDir, args.accounts) : main(args));
  }
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
}
