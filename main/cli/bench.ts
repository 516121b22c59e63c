/**
 * `npm run bench -- SUITE [flags]`: the benchmarks. Each suite measures against a baseline taken
 * in the same run (a trivial Fastify route, raw SQLite inserts, a bare solc-js compile) and
 * prints figures, ratios and whether its target was met.
 *
 * - accounts: GET /api/v1/accounts filters over N demo accounts (main/bench/accounts-suite.ts)
 * - mirror: lookups, token balances and transaction lists over N accounts and M transactions
 * - sync: accounts/s the sync ingests from a local upstream against raw inserts of the same rows
 * - verify: cold, warm and repeated verification against a bare compile
 */
import { ACCOUNTS_USAGE, benchAccounts, parseAccountsArgs } from '../bench/accounts-suite.ts';
import { benchMirror, MIRROR_USAGE, parseMirrorArgs } from '../bench/mirror-suite.ts';
import { benchSync, parseSyncArgs, SYNC_USAGE } from '../bench/sync-report.ts';
import { benchVerify, parseVerifyBenchArgs, VERIFY_USAGE } from '../bench/verify-bench.ts';
import { asksForHelp } from './help.ts';

/** Each suite reads its flags first (a bad one throws), and returns the run it then starts. */
const SUITES: Record<string, (argv: string[]) => () => Promise<unknown>> = {
  accounts: (argv) => { const args = parseAccountsArgs(argv); return () => benchAccounts(args); },
  mirror: (argv) => { const args = parseMirrorArgs(argv); return () => benchMirror(args); },
  sync: (argv) => { const args = parseSyncArgs(argv); return () => benchSync(args); },
  verify: (argv) => { const args = parseVerifyBenchArgs(argv); return () => benchVerify(args); },
};

const USAGE = ['usage: ' + ACCOUNTS_USAGE, MIRROR_USAGE, SYNC_USAGE, VERIFY_USAGE].join('\n       ');

const [suite, ...rest] = process.argv.slice(2);
if (asksForHelp(process.argv.slice(2))) {
  console.log(`Benchmarks, each against a baseline measured in the same run.\n${USAGE}`);
  process.exit(0);
}
const message = (error: unknown): string => `bench: ${error instanceof Error ? error.message : String(error)}`;
let run: () => Promise<unknown>;
try {
  const parse = suite !== undefined && Object.hasOwn(SUITES, suite) ? SUITES[suite]! : undefined;
  if (!parse) throw new Error(suite ? `unknown benchmark "${suite}"` : 'name a benchmark');
  run = parse(rest);
} catch (error) {
  console.error(message(error));
  console.error(USAGE);
  process.exit(1);
}
// A failure of the run itself (a data folder it cannot use) is one line, as serve says it: no usage after it.
try {
  await run();
} catch (error) {
  console.error(message(error));
  process.exit(1);
}
