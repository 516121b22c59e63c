import path from 'node:path';
import { readFlags } from '../../cli/flag-value.ts';
import { runVerifyConformance } from './run-verify-conformance.ts';

const DEFAULT_CASES = '../shared/conformance/verify/cases.json';
/** Compilers the cases need are fetched here once (gitignored). */
const DEFAULT_COMPILERS = '.data/compilers';

export const VERIFY_USAGE = 'npm run conformance -- verify [CASES_FILE|DIR] [--compilers DIR] [--offline] [--verbose]';

/**
 * `npm run conformance -- verify ...`: runs the verification cases and ends with
 * `verify: N passed, M failed`. Returns the exit code; throws ConformanceInputError for cases or
 * a compilers folder it cannot use.
 */
export async function runVerifySuite(args: string[]): Promise<number> {
  let options: VerifySuiteOptions;
  try {
    options = parseVerifySuiteArgs(args);
  } catch (error) {
    console.error(`usage: ${VERIFY_USAGE}\n${(error as Error).message}`);
    return 2;
  }
  const { cases, compilers, offline, verbose } = options;
  const summary = await runVerifyConformance(path.resolve(cases), {
    compilersDir: path.resolve(compilers),
    fetchMissing: !offline,
    log: (line) => console.error(line),
  });
  for (const outcome of summary.outcomes) {
    if (!outcome.passed) {
      console.log(`FAIL ${outcome.verifyCase.name}`);
      for (const problem of outcome.problems) console.log(`     ${problem}`);
    } else if (verbose) console.log(`ok   ${outcome.verifyCase.name}`);
  }
  console.log(`verify: ${summary.passed} passed, ${summary.failed} failed`);
  return summary.failed === 0 ? 0 : 1;
}

interface VerifySuiteOptions {
  cases: string;
  compilers: string;
  offline: boolean;
  verbose: boolean;
}

/**
 * Reads the verify suite's arguments as the other commands read theirs (flag-value.ts): `--compilers
 * DIR` or `--compilers=DIR`; throws one line for an unknown flag (its name only: a value after `=`
 * may be anything), a value given to a switch, or a second cases path, which was silently ignored.
 */
export function parseVerifySuiteArgs(args: readonly string[]): VerifySuiteOptions {
  const { values, switches, positional } = readFlags(args, { values: ['--compilers'], switches: ['--offline', '--verbose'] });
  if (positional.length > 1) throw new Error(`one cases file or folder at most, not also "${positional[1]}"`);
  return {
    cases: positional[0] ?? DEFAULT_CASES,
    compilers: values.get('--compilers') ?? DEFAULT_COMPILERS,
    offline: switches.has('--offline'),
    verbose: switches.has('--verbose'),
  };
}
