/** One feed a poll could not use: the path it asked, and why (as the source said it, without the path). */
export interface FeedFailure {
  path: string;
  reason: string;
}

/**
 * A poll's failed feeds in one line. When every feed asked failed the same way (an unreachable or
 * down page fails them all alike) the reason is said once, not once per feed; otherwise each failure
 * names its path, as then it matters which feeds failed.
 */
export function feedFailuresText(failures: readonly FeedFailure[], asked: number): string {
  const reasons = new Set(failures.map((failure) => failure.reason));
  if (failures.length === asked && reasons.size === 1) return failures[0]!.reason;
  return failures.map((failure) => `${failure.path}: ${failure.reason}`).join('; ');
}
