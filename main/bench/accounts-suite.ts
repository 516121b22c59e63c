/**
 * `npm run bench -- accounts [--accounts N] [--duration SECONDS] [--connections N] [--data-dir DIR]`
 *
 * Generates or reuses a demo dataset of N accounts, then measures GET /api/v1/accounts
 * queries at 20 connections next to a trivial Fastify route (the baseline) served by the
 * same process in the same run, and prints requests/s, p50, p99, ratios and memory: once as
 * the app serves them (response cache on) and once without the cache.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { accountsScenarios } from './accounts-scenarios.ts';
import { parseFlags } from './bench-flags.ts';
import { prepareDataset } from './bench-dataset.ts';
import { startBenchServer } from './bench-server-process.ts';
import { LOAD_ROUNDS, printLoadPasses, runLoadPasses } from './load-passes.ts';

export const ACCOUNTS_USAGE = 'npm run bench -- accounts [--accounts N] [--duration SECONDS] [--connections N] [--data-dir DIR]';
const TARGET = { minRatio: 0.5, maxP99Ms: 10 };

export interface AccountsBenchArgs {
  accounts: number;
  durationMs: number;
  connections: number;
  dataDir: string;
}

export function parseAccountsArgs(argv: string[]): AccountsBenchArgs {
  const args: AccountsBenchArgs = { accounts: 100_000, durationMs: 5000, connections: 20, dataDir: path.resolve('.data/bench') };
  parseFlags(argv, {
    '--accounts': (_v, whole) => { args.accounts = whole(1000, 50_000_000); },
    '--duration': (_v, whole) => { args.durationMs = whole(1, 600) * 1000; },
    '--connections': (_v, whole) => { args.connections = whole(1, 1000); },
    '--data-dir': (value) => { args.dataDir = path.resolve(value); },
  });
  return args;
}

export async function benchAccounts(args: AccountsBenchArgs): Promise<void> {
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
    const passes = await runLoadPasses(server, scenarios, args);
    printLoadPasses(passes,
      `load: ${args.connections} connections, ${args.durationMs / 1000} s per query in ${LOAD_ROUNDS} slices after 1 s warm-up, filter values cycled over up to 64 variants`,
      TARGET, `every query at >= ${TARGET.minRatio}x the baseline's req/s with p99 < ${TARGET.maxP99Ms} ms`);
  } finally {
    await server.stop();
  }
}
