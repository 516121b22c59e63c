/**
 * `npm run conformance -- mirror [DIR] [--top-level]`: runs reference spec cases against the
 * real HTTP routes and ends with `mirror: N passed, M failed, K skipped`.
 * `npm run conformance -- status [DIR]`: plays status scenarios against a fake upstream and ends
 * with `status: N passed, M failed`.
 * `npm run conformance -- verify [CASES] [--compilers DIR] [--offline]`: verification cases through
 * the verify API against private test chains; ends with `verify: N passed, M failed`.
 */
import path from 'node:path';
import { runMirrorConformance } from '../conformance/mirror/run-mirror-conformance.ts';
import { runStatusConformance } from '../conformance/status/run-status-conformance.ts';
import { runVerifySuite, VERIFY_USAGE } from '../conformance/verify/verify-suite.ts';
import { asksForHelp } from './help.ts';

const DEFAULT_MIRROR_SPECS = '../shared/conformance/mirror/specs';
const DEFAULT_STATUS_SCENARIOS = '../shared/conformance/status/scenarios';

const USAGE = `usage: npm run conformance -- mirror [DIR] [--top-level] [--verbose]
       npm run conformance -- status [DIR] [--verbose]
       ${VERIFY_USAGE}`;

async function main(argv: string[]): Promise<number> {
  if (asksForHelp(argv)) {
    console.log(`Runs the reference cases of ../shared/conformance against this project.\n${USAGE}`);
    return 0;
  }
  const [suite, ...rest] = argv;
  if (suite === 'verify') return runVerifySuite(rest);
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const positional = rest.filter((a) => !a.startsWith('--'));
  if (suite === 'status') return runStatusSuite(path.resolve(positional[0] ?? DEFAULT_STATUS_SCENARIOS), flags.has('--verbose'));
  if (suite !== 'mirror') {
    console.error(`${USAGE}\nunknown or missing suite: ${suite ?? '(none)'}`);
    return 2;
  }
  const root = path.resolve(positional[0] ?? DEFAULT_MIRROR_SPECS);
  const summary = await runMirrorConformance(root, { topLevelOnly: flags.has('--top-level') });
  for (const outcome of summary.outcomes) {
    const { file, url, variant } = outcome.specCase;
    const label = `${file} ${url}${variant ? ` [${variant}]` : ''}`;
    if (outcome.result === 'failed') {
      console.log(`FAIL ${label}`);
      for (const problem of outcome.problems) console.log(`     ${problem}`);
    } else if (outcome.result === 'skipped') {
      console.log(`SKIP ${label}\n     ${outcome.problems[0]}`);
    } else if (flags.has('--verbose')) {
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
