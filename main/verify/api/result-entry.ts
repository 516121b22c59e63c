import { checksumAddress } from '../engine/evm-address.ts';
import { betterKeptNote, type OneCallOutcome } from '../verify-service.ts';

/**
 * The one-call verify's answer entry (interface B): address, chainId, status, message, libraryMap.
 * The status and matches are this request's; the message also says when they come from the store
 * (the same compilation was verified before) or when a better match of other sources stays stored.
 */
export function verifyResultEntry(outcome: OneCallOutcome): Record<string, unknown> {
  const match = outcome.kind === 'better-kept' ? outcome.result : outcome.record;
  const matches = `runtime bytecode: ${match.runtimeMatch ?? 'no match'}; creation bytecode: ${match.creationMatch ?? 'not checked or no match'}`;
  return {
    address: checksumAddress(match.address),
    chainId: match.chainId,
    status: match.status,
    message: outcome.kind === 'already-verified'
      ? `${matches}; already verified from these sources on ${outcome.record.verifiedAt}, answered from the store without compiling`
      : outcome.kind === 'better-kept'
        ? `${matches}; ${betterKeptNote(outcome.kept)}`
        : matches,
    libraryMap: match.libraryMap,
  };
}

/** Sourcify v2's words for a match: exact_match (perfect), match (partial), or null. */
export function v2Match(level: 'perfect' | 'partial' | null): 'exact_match' | 'match' | null {
  return level === 'perfect' ? 'exact_match' : level === 'partial' ? 'match' : null;
}
