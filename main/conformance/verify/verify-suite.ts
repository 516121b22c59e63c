import path from 'node:path';
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
  let compilers = DEFAULT_COMPILERS;
  let offline = false;
  let verbose = false;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--compilers') {
      const value = args[++i];
      if (!value || value.startsWith('--')) { console.error(`usage: ${VERIFY_USAGE}\n--compilers needs a folder`); return 2; }
      compilers = value;
    } else if (arg === '--offline') offline = true;
    else if (arg === '--verbose') verbose = true;
    else if (arg.startsWith('--')) { console.error(`usage: ${VERIFY_USAGE}\nunknown option ${arg}`); return 2; }
    else positional.push(arg);
  }
  const summary = await runVerifyConformance(path.resolve(positional[0] ?? DEFAULT_CASES), {
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
