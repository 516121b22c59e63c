import type { MatchLevel } from '../engine/verification-result.ts';

/** The runtime and creation match of a verification, fresh or stored. */
export interface Matches {
  runtimeMatch: MatchLevel | null;
  creationMatch: MatchLevel | null;
}

const RANK: Record<MatchLevel, number> = { perfect: 2, partial: 1 };
const rank = (level: MatchLevel | null): number => (level ? RANK[level] : 0);

/**
 * Sourcify's rule for replacing a stored verification (isBetterVerification): the candidate is
 * better in one of runtime and creation match and no worse in the other. Equal matches, or one
 * better and the other worse, are not better: the stored one stays.
 */
export function isBetterMatch(candidate: Matches, stored: Matches): boolean {
  const runtime = rank(candidate.runtimeMatch) - rank(stored.runtimeMatch);
  const creation = rank(candidate.creationMatch) - rank(stored.creationMatch);
  return (creation > 0 && runtime >= 0) || (runtime > 0 && creation >= 0);
}

/**
 * Both bytecodes matched exactly: what Sourcify verifies no further (a stored contract so matched
 * is answered from the store, or refused as already verified). False for nothing stored.
 */
export function bothPerfect<T extends Matches>(matches: T | null | undefined): matches is T {
  return matches?.runtimeMatch === 'perfect' && matches.creationMatch === 'perfect';
}

/** Same matches for both bytecodes. */
export function sameMatches(a: Matches, b: Matches): boolean {
  return a.runtimeMatch === b.runtimeMatch && a.creationMatch === b.creationMatch;
}
