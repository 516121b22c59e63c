import type { MatchLevel } from '../verify/engine/verification-result.ts';
import type { VerifiedRecord, VerifiedRepository } from '../verify/repository/verified-repository.ts';

type Repository = Pick<VerifiedRepository, 'get' | 'byAddress'>;

const RANK: Record<MatchLevel, number> = { perfect: 2, partial: 1 };
const rank = (level: MatchLevel | null): number => (level ? RANK[level] : 0);

/**
 * Which of two verifications the app shows first: the better status (perfect over partial, the
 * badge's word), then the more matched of runtime and creation code, then the newer. Equal ones
 * keep their order (the asked address first).
 */
function showsBefore(a: VerifiedRecord, b: VerifiedRecord): number {
  return rank(b.status) - rank(a.status)
    || (rank(b.runtimeMatch) + rank(b.creationMatch)) - (rank(a.runtimeMatch) + rank(a.creationMatch))
    || (a.verifiedAt < b.verifiedAt ? 1 : a.verifiedAt > b.verifiedAt ? -1 : 0);
}

/**
 * The verification of a contract that counts on each chain (on `chainId` only, when given), best
 * first by the same order. `aliases`: the addresses the contract is known by, the asked one first
 * (contract-address-aliases.ts). A contract verified under both its long-zero and its own EVM
 * address has a record under each; the app shows one of them everywhere: `verify/check` (the
 * contract page's badge, its ABI) and `verify/sources` and `verify/source-file` (its Source tab)
 * all ask this, so the tab shows the very verification the badge speaks of.
 */
export function verificationsThatCount(repository: Repository, aliases: readonly string[], chainId?: string): VerifiedRecord[] {
  const records = chainId === undefined
    ? aliases.flatMap((alias) => repository.byAddress(alias))
    : aliases.flatMap((alias) => repository.get(chainId, alias) ?? []);
  const best = new Map<string, VerifiedRecord>();
  for (const record of records) {
    const held = best.get(record.chainId);
    if (!held || showsBefore(record, held) < 0) best.set(record.chainId, record);
  }
  return [...best.values()].sort(showsBefore);
}

/** The verification that counts on `chainId`, or null when the contract is verified there under none of its addresses. */
export function verificationThatCounts(repository: Repository, aliases: readonly string[], chainId: string): VerifiedRecord | null {
  return verificationsThatCount(repository, aliases, chainId)[0] ?? null;
}
