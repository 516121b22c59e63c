import { checksumAddress } from '../engine/evm-address.ts';
import { matchWords } from '../engine/match-words.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';
import type { StoredCopyUsed } from '../stored-copies-used.ts';
import { betterKeptNote, type OneCallOutcome } from '../verify-service.ts';

/**
 * The one-call verify's answer entry (interface B): address, chainId, status, message, libraryMap.
 * The status and matches are this request's; the message also says when they come from the store
 * (the same compilation was verified before), when they are what is stored already, or when a
 * better match stays stored. It never claims a check this request did not make, nor a match of
 * an uploaded file the stored copy of its source stood in for (`storedCopiesUsed`).
 * `creatorTxHashGiven`: the request gave a creation transaction (its missing match is then said as such).
 */
export function verifyResultEntry(outcome: OneCallOutcome & { storedCopiesUsed?: StoredCopyUsed[] }, creatorTxHashGiven = false): Record<string, unknown> {
  if (outcome.kind === 'already-verified') {
    const { record } = outcome;
    return storedEntry(record, `already verified from these sources on ${record.verifiedAt} (${matchWords(record)}), answered from the store without compiling: nothing was checked now`);
  }
  const match = outcome.kind === 'better-kept' || outcome.kind === 'unchanged' ? outcome.result : outcome.record;
  // lib-sourcify keeps no creation transaction when the creation could not be read from the one given (any reason).
  const matches = matchWords(match, creatorTxHashGiven && match.creatorTxHash === null) + storedCopiesNote(outcome.storedCopiesUsed ?? []);
  return {
    address: checksumAddress(match.address),
    chainId: match.chainId,
    status: match.status,
    message: outcome.kind === 'unchanged'
      ? `${matches}; already verified from these sources with the same matches on ${outcome.record.verifiedAt}: nothing new to store`
      : outcome.kind === 'better-kept'
        ? `${matches}; ${betterKeptNote(outcome.kept, outcome.sameSources)}`
        : matches,
    libraryMap: match.libraryMap,
    // The matches are this request's, but what the store held before it: Sourcify's storageTimestamp
    // says when that was stored (older forge prints "already verified" only then); a fresh store has none.
    ...(outcome.kind === 'unchanged' ? { storageTimestamp: outcome.record.verifiedAt } : {}),
  };
}

/** "; matched with the stored copy of contracts/A.sol, not with the uploaded A.sol (…)" per upload passed over, else "". */
function storedCopiesNote(used: readonly StoredCopyUsed[]): string {
  return used.map(({ path, uploadedPath }) => `; matched with the stored copy of ${path} (verified here before), not with the uploaded ${uploadedPath}: its keccak256 is not the one the metadata names`).join('');
}

/**
 * The answer for a contract stored as a perfect match, given before anything is looked at (Sourcify's
 * checkPerfectMatch): the stored match, with the time it was stored.
 */
export function storedPerfectEntry(record: VerifiedRecord): Record<string, unknown> {
  return storedEntry(record, `already verified on ${record.verifiedAt} (${matchWords(record)}), answered from the store: nothing was checked now`);
}

/** An answer from the store, nothing checked now: the stored match, and Sourcify's storageTimestamp saying when it was stored. */
function storedEntry(record: VerifiedRecord, message: string): Record<string, unknown> {
  return {
    address: checksumAddress(record.address),
    chainId: record.chainId,
    status: record.status,
    message,
    libraryMap: record.libraryMap,
    storageTimestamp: record.verifiedAt,
  };
}

/** Sourcify v2's words for a match: exact_match (perfect), match (partial), or null. */
export function v2Match(level: 'perfect' | 'partial' | null): 'exact_match' | 'match' | null {
  return level === 'perfect' ? 'exact_match' : level === 'partial' ? 'match' : null;
}
