import type { MatchLevel } from './verification-result.ts';

/** What the creation bytecode's missing match says when the client's creation tx did not create the address (the app's words too). */
export const GIVEN_TX_DID_NOT_CREATE = 'no match (the creator tx hash given did not create this code)';

/**
 * "runtime bytecode: perfect; creation bytecode: not checked or no match": how answers word a
 * verification's matches. `givenTxDidNotCreate`: the request gave a creation transaction and it
 * is not the one that created the address (lib-sourcify then matches no creation code), which is
 * what the client has to fix, so it is said rather than "not checked".
 */
export function matchWords(matches: { runtimeMatch: MatchLevel | null; creationMatch: MatchLevel | null }, givenTxDidNotCreate = false): string {
  const noCreationMatch = givenTxDidNotCreate ? GIVEN_TX_DID_NOT_CREATE : 'not checked or no match';
  return `runtime bytecode: ${matches.runtimeMatch ?? 'no match'}; creation bytecode: ${matches.creationMatch ?? noCreationMatch}`;
}
