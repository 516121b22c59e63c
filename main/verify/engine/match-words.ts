import type { MatchLevel } from './verification-result.ts';

/**
 * What the creation bytecode's missing match says when the client gave a creation tx and lib-sourcify
 * kept none: it drops the one given whenever reading the creation from it fails, be it a tx that
 * created something else, one not found on the chain or a node that did not answer (the app's words too).
 */
export const GIVEN_TX_UNUSED = 'no match (the creator tx hash given is not this address\'s creation, or could not be read)';

/**
 * "runtime bytecode: perfect; creation bytecode: not checked or no match": how answers word a
 * verification's matches. `givenTxUnused`: the request gave a creation transaction and lib-sourcify
 * matched no creation code from it, which is what the client has to fix (or retry), so it is said
 * rather than "not checked".
 */
export function matchWords(matches: { runtimeMatch: MatchLevel | null; creationMatch: MatchLevel | null }, givenTxUnused = false): string {
  const noCreationMatch = givenTxUnused ? GIVEN_TX_UNUSED : 'not checked or no match';
  return `runtime bytecode: ${matches.runtimeMatch ?? 'no match'}; creation bytecode: ${matches.creationMatch ?? noCreationMatch}`;
}
