import type { MatchLevel } from './verification-result.ts';

/** "runtime bytecode: perfect; creation bytecode: not checked or no match": how answers word a verification's matches. */
export function matchWords(matches: { runtimeMatch: MatchLevel | null; creationMatch: MatchLevel | null }): string {
  return `runtime bytecode: ${matches.runtimeMatch ?? 'no match'}; creation bytecode: ${matches.creationMatch ?? 'not checked or no match'}`;
}
