import path from 'node:path';
import { parseFlags } from './bench-flags.ts';
import { FOLLOW_HISTORY_TARGET_RATIO, POLITE_REQUESTS_PER_SECOND, POLITE_UPSTREAM_ACCOUNTS_PER_SECOND, runSyncBench, SYNC_TARGET_RATIO } from './sync-bench.ts';

export const SYNC_USAGE = 'npm run bench -- sync [--accounts N] [--data-dir DIR]';

export interface SyncBenchArgs {
  accounts: number;
  dataDir: string;
}

export function parseSyncArgs(argv: string[]): SyncBenchArgs {
  const args: SyncBenchArgs = { accounts: 20_000, dataDir: path.resolve('.data/bench') };
  parseFlags(argv, {
    '--accounts': (_v, whole) => { args.accounts = whole(1000, 50_000_000); },
    '--data-dir': (value) => { args.dataDir = path.resolve(value); },
  });
  return args;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `npm run bench -- sync`: runs the sync benchmark and prints its figures and verdict. */
export async function benchSync({ dataDir, accounts }: SyncBenchArgs): Promise<void> {
  const result = await runSyncBench(dataDir, accounts, (line) => console.error(line));
  console.log(`sync from a local upstream (no rate limit): ${number.format(result.accounts)} accounts in ${result.syncSeconds.toFixed(2)} s = ${number.format(result.syncAccountsPerSecond)} accounts/s, ${number.format(result.requests)} requests`);
  console.log(`raw SQLite inserts of the same rows (${number.format(result.rawRows)} rows, 100 accounts per transaction): ${result.rawSeconds.toFixed(2)} s = ${number.format(result.rawAccountsPerSecond)} accounts/s`);
  console.log(`ratio sync / raw insert: ${result.ratio.toFixed(2)} (target >= ${SYNC_TARGET_RATIO})`);
  console.log(`a public upstream at the default 20 requests/s yields at most ${number.format(POLITE_UPSTREAM_ACCOUNTS_PER_SECOND)} accounts/s: the sync ingests ${(result.syncAccountsPerSecond / POLITE_UPSTREAM_ACCOUNTS_PER_SECOND).toFixed(1)}x that`);
  const { following } = result;
  const perHundred = following.requests / (following.transactions / 100);
  console.log(`following the newest ${number.format(following.transactions)} transactions from the same upstream: ${following.seconds.toFixed(2)} s = ${number.format(following.transactions / following.seconds)} transactions/s, ${number.format(following.requests)} requests (${perHundred.toFixed(1)} per 100 transactions)`);
  console.log(`at the default ${POLITE_REQUESTS_PER_SECOND} requests/s, following keeps up with a network of at most ${number.format(POLITE_REQUESTS_PER_SECOND * 100 / perHundred)} transactions/s`);
  const { followingIntoHistory: history } = result;
  const historyRatio = (history.transactions / history.seconds) / (following.transactions / following.seconds);
  console.log(`the same, into a store already holding ${number.format(history.held)} transactions: ${history.seconds.toFixed(2)} s = ${number.format(history.transactions / history.seconds)} transactions/s, ratio to the fresh store ${historyRatio.toFixed(2)} (target >= ${FOLLOW_HISTORY_TARGET_RATIO})`);
  const met = result.ratio >= SYNC_TARGET_RATIO && result.syncAccountsPerSecond > POLITE_UPSTREAM_ACCOUNTS_PER_SECOND && historyRatio >= FOLLOW_HISTORY_TARGET_RATIO;
  console.log(met ? 'target met' : 'target missed');
}
