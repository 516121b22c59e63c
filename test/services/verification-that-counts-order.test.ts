import { describe, expect, it } from 'vitest';
import { verificationsThatCount, verificationThatCounts } from '../../main/services/verification-that-counts.ts';
import type { VerifiedRecord } from '../../main/verify/repository/verified-repository.ts';

/**
 * The order in which the app picks among a contract's verifications under its several addresses
 * (the badge's and the Source tab's one). The repository is a map of records here: what it
 * reads out of verify.sqlite is the service-level test's (verification-that-counts.test.ts).
 */
const EVM = `0x${'ab'.repeat(20)}`;
const LONG_ZERO = `0x${'0'.repeat(37)}3e9`;

function record(address: string, chainId: string, status: 'perfect' | 'partial', verifiedAt: string, matches: Partial<Pick<VerifiedRecord, 'runtimeMatch' | 'creationMatch'>> = {}): VerifiedRecord {
  return { chainId, address, status, verifiedAt, runtimeMatch: status, creationMatch: null, matchId: `${address}@${chainId}`, ...matches } as VerifiedRecord;
}

function repositoryOf(records: VerifiedRecord[]) {
  return {
    get: (chainId: string, address: string) => records.find((r) => r.chainId === chainId && r.address === address) ?? null,
    byAddress: (address: string) => records.filter((r) => r.address === address),
  };
}

const ids = (records: VerifiedRecord[]) => records.map((r) => r.matchId);

describe('verificationsThatCount', () => {
  it('picks a perfect match over a partial one, newer or asked for though the partial is', () => {
    const repository = repositoryOf([record(LONG_ZERO, '298', 'perfect', '2026-01-01T00:00:00.000Z'), record(EVM, '298', 'partial', '2026-02-01T00:00:00.000Z')]);
    expect(ids(verificationsThatCount(repository, [EVM, LONG_ZERO]))).toEqual([`${LONG_ZERO}@298`]);
    expect(verificationThatCounts(repository, [EVM, LONG_ZERO], '298')?.matchId).toBe(`${LONG_ZERO}@298`);
    // The badge's word first: a perfect runtime match outranks partial runtime and creation matches.
    const perfect = record(LONG_ZERO, '298', 'perfect', '2026-01-01T00:00:00.000Z');
    const partialBoth = record(EVM, '298', 'partial', '2026-02-01T00:00:00.000Z', { creationMatch: 'partial' });
    expect(verificationThatCounts(repositoryOf([partialBoth, perfect]), [EVM, LONG_ZERO], '298')).toBe(perfect);
  });

  it('of the same status, the one more of whose code matched, then the newer, then the asked address', () => {
    const both = record(LONG_ZERO, '298', 'perfect', '2026-01-01T00:00:00.000Z', { creationMatch: 'partial' });
    const runtimeOnly = record(EVM, '298', 'perfect', '2026-03-01T00:00:00.000Z');
    expect(verificationThatCounts(repositoryOf([runtimeOnly, both]), [EVM, LONG_ZERO], '298')).toBe(both);
    const newer = record(LONG_ZERO, '298', 'partial', '2026-03-01T00:00:00.000Z');
    const older = record(EVM, '298', 'partial', '2026-01-01T00:00:00.000Z');
    expect(verificationThatCounts(repositoryOf([older, newer]), [EVM, LONG_ZERO], '298')).toBe(newer);
    const asked = record(EVM, '298', 'partial', '2026-01-01T00:00:00.000Z');
    const other = record(LONG_ZERO, '298', 'partial', '2026-01-01T00:00:00.000Z');
    expect(verificationThatCounts(repositoryOf([other, asked]), [EVM, LONG_ZERO], '298')).toBe(asked);
    expect(verificationThatCounts(repositoryOf([other, asked]), [LONG_ZERO, EVM], '298')).toBe(other);
  });

  it('gives one a chain, best first, and only the chain asked about when one is', () => {
    const repository = repositoryOf([
      record(EVM, '296', 'partial', '2026-01-01T00:00:00.000Z'), record(LONG_ZERO, '296', 'partial', '2026-02-01T00:00:00.000Z'),
      record(EVM, '298', 'perfect', '2026-01-01T00:00:00.000Z'),
    ]);
    expect(ids(verificationsThatCount(repository, [EVM, LONG_ZERO]))).toEqual([`${EVM}@298`, `${LONG_ZERO}@296`]);
    expect(ids(verificationsThatCount(repository, [EVM, LONG_ZERO], '296'))).toEqual([`${LONG_ZERO}@296`]);
    expect(verificationsThatCount(repository, [EVM, LONG_ZERO], '295')).toEqual([]);
    expect(verificationThatCounts(repository, [EVM, LONG_ZERO], '295')).toBeNull();
  });
});
