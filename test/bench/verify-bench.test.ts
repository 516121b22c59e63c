import { describe, expect, it } from 'vitest';
import { benchVerify, parseVerifyBenchArgs } from '../../main/bench/verify-bench.ts';

/** The benchmark runs end to end at a tiny size and prints its table; no time is asserted. */
describe('npm run bench -- verify', () => {
  it('measures cold, warm and repeat verification next to a bare compile and prints the table', async () => {
    const lines: string[] = [];
    const report = await benchVerify({ functions: 1, runs: 1 }, (line) => lines.push(line), () => undefined);
    const text = lines.join('\n');
    expect(text).toMatch(/^measure\s+median ms\s+min ms\s+ratio/m);
    for (const name of ['bare solc-js compile', 'cold verify', 'warm verify', 'repeat verify']) expect(text).toContain(name);
    expect(text).toMatch(/target (met|missed): warm verify/);
    expect(text).toMatch(/target (met|missed): repeat verify/);
    expect(report.rows.map((r) => r.name)).toHaveLength(4);
    expect(report.rows.every((r) => Number.isFinite(r.medianMs) && r.medianMs > 0)).toBe(true);
  }, 120_000);

  it('validates its options', () => {
    expect(parseVerifyBenchArgs(['--functions', '3', '--runs', '2'])).toEqual({ functions: 3, runs: 2 });
    expect(() => parseVerifyBenchArgs(['--runs', '0'])).toThrow(/--runs must be a whole number/);
    expect(() => parseVerifyBenchArgs(['--size', '1'])).toThrow(/unknown option --size/);
  });
});
