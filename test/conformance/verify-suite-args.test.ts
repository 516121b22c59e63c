import { describe, expect, it } from 'vitest';
import { parseVerifySuiteArgs } from '../../main/conformance/verify/verify-suite.ts';

// `conformance verify` reads flags as serve, bench and compilers do (main/cli/flag-value.ts).
describe('conformance verify arguments', () => {
  it('takes --compilers DIR and --compilers=DIR, the switches and one cases path', () => {
    expect(parseVerifySuiteArgs(['cases', '--compilers=c', '--offline'])).toEqual({ cases: 'cases', compilers: 'c', offline: true, verbose: false });
    expect(parseVerifySuiteArgs(['--compilers', 'c', '--verbose'])).toMatchObject({ compilers: 'c', verbose: true, offline: false });
  });

  it.each([
    // A second path was silently ignored; mirror and status refuse one.
    [['a.json', 'b.json'], 'one cases file or folder at most, not also "b.json"'],
    // The flag's name only: what follows `=` may be anything, a URL's password included.
    [['--bogus=https://me:secret@x.example/'], 'unknown option --bogus'],
    [['--offline=yes'], '--offline takes no value'],
    [['--compilers'], '--compilers needs a value'],
    [['--compilers='], '--compilers needs a value'],
    [['--compilers', '--offline'], '--compilers needs a value'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseVerifySuiteArgs(args)).toThrow(new Error(message));
  });
});
