import type { VerifiedRecord } from './repository/verified-repository.ts';

/**
 * A stored perfect match of the runtime code alone, and this request gives the creation transaction:
 * it is verified again, compiling, so the creation code, and the constructor arguments it ends with,
 * are checked and kept. A user who gives the transaction hash expects it used, not told "nothing
 * was checked now"; without one, the stored match is the answer, Sourcify's way. One rule for the
 * one-call routes and the session's "Verify".
 */
export function creationToAdd(creatorTxHash: string | null | undefined, stored: Pick<VerifiedRecord, 'creationMatch'>): boolean {
  return Boolean(creatorTxHash) && stored.creationMatch === null;
}
