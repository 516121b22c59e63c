/**
 * `npm run conformance -- mirror [DIR] [--top-level]`: runs reference spec cases against the
 * real HTTP routes and ends with `mirror: N passed, M failed, K skipped`.
 * `npm run conformance -- status [DIR]`: plays status scenarios against a fake upstream and ends
 * with `status: N passed, M failed`.
 * `npm run conformance -- verify [CASES] [--compilers DIR] [--offline]`: verification cases through
 * the verify API against private test chains; ends with `verify: N passed, M failed`.
 * Input it cannot run (a missing path, a file for a folder, not JSON, no case at all) and unknown
 * flags are refused with one line and exit code 2.
 */
import path from 'node:path';
import { ConformanceInputError } from '../conformance/conformance-input.ts';
import { runMirrorConformance } from '../conformance/mirror/run-mirror-conformance.ts';
import { runStatusConformance } from '../conformance/status/run-status-conformance.ts';
import { runVerifySuite, VERIFY_USAGE } from '../conformance/verify/verify-suite.ts';
import { readFlags } from './flag-value.ts';
import { asksForHelp } from './help.ts';

const DEFAULT_MIRROR_SPECS = '../shared/conformance/mirror/specs';
const DEFAULT_STATUS_SCENARIOS = '../shared/conformance/status/scenarios';

const USAGE = `usage: npm run conformance -- mirror [DIR] [--top-level] [--verbose]
       npm run conformance -- status [DIR] [--verbose]
       ${VERIFY_USAGE}`;

/** The flags of the mirror and status suites (verify reads its own: verify-suite.ts). */
const SUITE_FLAGS = { mirror: ['--top-level', '--verbose'], status: ['--verbose'] } as const;

async function main(argv: string[]): Promise<number> {
  if (asksForHelp(argv)) {
    console.log(`Runs the reference cases of ../shared/conformance against this project.\n${USAGE}`);
    return 0;
  }
  const [suite, ...rest] = argv;
  try {
    if (suite === 'verify') return await runVerifySuite(rest);
    if (suite !== 'mirror' && suite !== 'status') {
      console.error(`${USAGE}\nunknown or missing suite: ${suite ?? '(none)'}`);
      return 2;
    }
    let read: { flags: Set<string>; folder: string | undefined };
    try {
      read = readSuiteArgs(rest, SUITE_FLAGS[suite]);
    } catch (error) {
      console.error(`${USAGE}\n${(error as Error).message}`);
      return 2;
    }
    const { flags, folder } = read;
    if (suite === 'status') return await runStatusSuite(path.resolve(folder ?? DEFAULT_STATUS_SCENARIOS), flags.has('--verbose'));
    return await runMirrorSuite(path.resolve(folder ?? DEFAULT_MIRROR_SPECS), flags.has('--top-level'), flags.has('--verbose'));
  } catch (error) {
    if (!(error instanceof ConformanceInputError)) throw error;
    console.error(`conformance: ${error.message}`);
    return 2;
  }
}

/**
 * The switches and the one folder of the mirror or status suite. An unknown flag is named without
 * what follows its `=` (`--bogus=https://user:password@…`), as the other commands name it.
 */
function readSuiteArgs(args: readonly string[], known: readonly string[]): { flags: Set<string>; folder: string | undefined } {
  const { switches: flags, positional } = readFlags(args, { switches: known });
  if (positional.length > 1) throw new Error(`one folder at most, not also "${positional[1]}"`);
  return { flags, folder: positional[0] };
}

async function runMirrorSuite(root: string, topLevelOnly: boolean, verbose: boolean): Promise<number> {
  const summary = await runMirrorConformance(root, { topLevelOnly });
  for (const outcome of summary.outcomes) {
    const { file, url, variant } = outcome.specCase;
    const label = `${file} ${url}${variant ? ` [${variant}]` : ''}`;
    if (outcome.result === 'failed') {
      console.log(`FAIL ${label}`);
      for (const problem of outcome.problems) console.log(`     ${problem}`);
    } else if (outcome.result === 'skipped') {
      console.log(`SKIP ${label}\n     ${outcome.problems[0]}`);
    } else if (verbose) {
      console.log(`ok   ${label}`);
    }
  }
  console.log(`mirror: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  return summary.failed === 0 ? 0 : 1;
}

async function runStatusSuite(target: string, verbose: boolean): Promise<number> {
  const summary = await runStatusConformance(target);
  for (const outcome of summary.outcomes) {
    if (!outcome.passed) {
      console.log(`FAIL ${outcome.scenario.name}`);
      for (const problem of outcome.problems) console.log(`     ${problem}`);
    } else if (verbose) {
      console.log(`ok   ${outcome.scenario.name}`);
    }
  }
  console.log(`status: ${summary.passed} passed, ${summary.failed} failed`);
  return summary.failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
