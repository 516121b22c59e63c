import { describe, expect, it } from 'vitest';
import { chainIdProblem, compilerVersionProblem } from '../../../renderer/src/screens/verify/field-problems.ts';

describe('compilerVersionProblem', () => {
  it('accepts what the download accepts: a long version, with or without a leading v, nightlies too', () => {
    for (const ok of ['0.8.24+commit.e11b9ed9', 'v0.8.4+commit.c7e474f2', ' 0.8.4+commit.c7e474f2 ', '0.8.22-nightly.2023.10.22+commit.b187d065']) {
      expect(compilerVersionProblem(ok), ok).toBeNull();
    }
  });

  it('says in plain words what to type instead, without naming the API', () => {
    expect(compilerVersionProblem('abc')).toBe('“abc” is not a compiler version: give one like 0.8.24+commit.e11b9ed9 or v0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('0.8.19')).toBe('“0.8.19” is missing its commit: give the long version solc-bin lists, like 0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('')).toBe('Enter a compiler version, like 0.8.24+commit.e11b9ed9.');
    expect(compilerVersionProblem('x'.repeat(100))).toContain(`“${'x'.repeat(40)}…”`);
  });
});

describe('chainIdProblem', () => {
  it('accepts a decimal chain id', () => {
    expect(chainIdProblem('298', '298')).toBeNull();
    expect(chainIdProblem(' 31337 ', '')).toBeNull();
  });

  it('says what a chain id is, with this network\'s as the example', () => {
    expect(chainIdProblem('abc', '296')).toBe('“abc” is not a chain id: enter a whole number, like 296 for this network.');
    expect(chainIdProblem('', '')).toBe('Enter the chain id the contracts are deployed on: a whole number, like 298 for the demo network.');
    expect(chainIdProblem('1234567890123456789', '298')).toBe('“1234567890123456789” is too long for a chain id (18 digits at most).');
  });
});
