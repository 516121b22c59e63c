/**
 * `npm run bench -- mirror [--accounts N] [--transactions N] [--duration SECONDS] [--connections N] [--data-dir DIR]`
 *
 * Issue 3's benchmark: by-id lookups, token balances and transactions lists over a dataset of
 * N accounts and M transactions (default 1,000,000 and 10,000,000), each next to the trivial
 * Fastify route measured in the same run; the target is at least half of its requests/s.
 * Two passes as in the accounts bench: as the app serves it (response cache on) and without
 * the cache. Lookups cycle through LOOKUP_VARIANTS random targets, so even the cached pass
 * mostly reads SQLite for them.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { startBenchServer } from './bench-server-process.ts';
import { parseFlags } from './bench-flags.ts';
import { LOAD_ROUNDS, printLoadPasses, runLoadPasses } from './load-passes.ts';
import { prepareMirrorDataset, type MirrorDatasetReport } from './mirror-dataset.ts';
import { LOOKUP_VARIANTS, mirrorScenarios } from './mirror-scenarios.ts';
import { warmPageCache } from './page-cache.ts';
import { formatQueryCosts, measureQueryCosts } from './query-costs.ts';

export const MIRROR_USAGE = 'npm run bench -- mirror [--accounts N] [--transactions N] [--duration SECONDS] [--connections N] [--data-dir DIR]';
/** The target is the ratio alone; p99 is reported, not judged. */
const TARGET = { minRatio: 0.5, maxP99Ms: Number.POSITIVE_INFINITY };
/** Requests per query for the time breakdown: enough for a steady mean, a second or two each. */
const COST_REQUESTS = 400;

export interface MirrorBenchArgs {
  accounts: number;
  transactions: number;
  durationMs: number;
  connections: number;
  dataDir: string;
}

export function parseMirrorArgs(argv: string[]): MirrorBenchArgs {
  const args: MirrorBenchArgs = { accounts: 1_000_000, transactions: 10_000_000, durationMs: 5000, connections: 20, dataDir: path.resolve('.data/bench') };
  parseFlags(argv, {
    '--accounts': (_v, whole) => { args.accounts = whole(1000, 50_000_000); },
    '--transactions': (_v, whole) => { args.transactions = whole(1000, 100_000_000); },
    '--duration': (_v, whole) => { args.durationMs = whole(1, 600) * 1000; },
    '--connections': (_v, whole) => { args.connections = whole(1, 1000); },
    '--data-dir': (value) => { args.dataDir = path.resolve(value); },
  });
  return args;
}

function describeDataset(d: MirrorDatasetReport): string {
  const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);
  const base = d.accountsDataset === null
    ? `accounts from demo generator version ${d.demoVersion}`
    : d.accountsDataset.generated
      ? `accounts dataset generated: ${d.accountsDataset.rows} rows in ${d.accountsDataset.seconds.toFixed(1)} s, ${mb(d.accountsDataset.bytes)} MB`
      : `accounts dataset reused (${mb(d.accountsDataset.bytes)} MB)`;
  const own = d.generated
    ? `${d.rows} transaction rows written in ${d.seconds.toFixed(1)} s (${Math.round(d.rowsPerSecond)} rows/s, copy and indexes included), ${mb(d.bytes)} MB`
    : `${d.rows} transaction rows, reused (${mb(d.bytes)} MB at ${d.file})`;
  const demo = d.demoTransactions > 0 ? ` (${d.demoTransactions} of them from the demo generator)` : '';
  return `dataset: ${d.accounts} accounts, ${d.transactions} transactions${demo}; ${base}; ${own}`;
}

export async function benchMirror(args: MirrorBenchArgs): Promise<void> {
  const dataset = await prepareMirrorDataset(args.dataDir, args.accounts, args.transactions, (line) => console.error(line));
  console.log(describeDataset(dataset));

  console.error(`scenarios: drawing ${LOOKUP_VARIANTS} random targets per lookup from the dataset`);
  const db = new Database(dataset.file, { readonly: true });
  const scenarios = mirrorScenarios(db, dataset.hotAccounts);
  db.close();

  const warmSeconds = warmPageCache(dataset.file);
  console.log(`page cache: read the ${(dataset.bytes / 2 ** 30).toFixed(1)} GB dataset once in ${warmSeconds.toFixed(1)} s, so no scenario pays for cold disk reads the next one does not`);

  const server = await startBenchServer(dataset.file);
  let baselineRps: number;
  try {
    const passes = await runLoadPasses(server, scenarios, args);
    printLoadPasses(passes,
      `load: ${args.connections} connections, ${args.durationMs / 1000} s per query in ${LOAD_ROUNDS} slices after 1 s warm-up; lookups cycle through ${LOOKUP_VARIANTS} random targets, lists through up to 64 variants`,
      TARGET, `every query at >= ${TARGET.minRatio}x the baseline's req/s as served, without failures`);
    baselineRps = passes.baselineRps;
  } finally {
    await server.stop();
  }

  // After the load, with the server gone: nothing else runs while the statements are timed.
  console.log(`\nwhere the time goes (response cache off; ${COST_REQUESTS} requests per query, one at a time, in this process, every SQLite statement timed):`);
  console.log(formatQueryCosts(await measureQueryCosts(dataset.file, scenarios, COST_REQUESTS), baselineRps));
}
