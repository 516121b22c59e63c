import { ApiFailure } from '../bridge/api-error.ts';
import type { VerifiedSourcesReply } from '../common/verify-types.ts';
import type { VerifiedRecord, VerifiedRepository } from '../verify/repository/verified-repository.ts';
import { verificationThatCounts } from './verification-that-counts.ts';

type Repository = Pick<VerifiedRepository, 'get' | 'byAddress' | 'sourceSizes' | 'sourceContent'>;

/**
 * `read` (one of the repository's narrow reads) under the address of the verification that counts
 * on `chainId` (verification-that-counts.ts, as `verify/check` picks the badge's); `not-found` when
 * none does. The reads are synchronous, so the record read is the one picked.
 */
function underVerificationThatCounts<T extends { record: VerifiedRecord }>(repository: Repository, aliases: readonly string[], chainId: string, read: (address: string) => T | null): T {
  const counting = verificationThatCounts(repository, aliases, chainId);
  const found = counting === null ? null : read(counting.address);
  if (found) return found;
  throw new ApiFailure('not-found', `${aliases[0] ?? 'this address'} is not verified on chain ${chainId} here`);
}

/**
 * What the contract page's Source tab shows of a verification: the match and the source list
 * with sizes, not the contents (a project's sources may run to megabytes: each is asked for on
 * its own, when shown, and the list is read without them). `aliases`: the addresses the contract
 * is known by (contract-address-aliases.ts).
 */
export function verifiedSources(repository: Repository, aliases: readonly string[], chainId: string): VerifiedSourcesReply {
  const { record, sources } = underVerificationThatCounts(repository, aliases, chainId, (address) => repository.sourceSizes(chainId, address));
  return {
    chainId: record.chainId,
    address: record.address,
    name: record.name,
    compiledPath: record.compiledPath,
    compilerVersion: record.compilerVersion,
    status: record.status,
    runtimeMatch: record.runtimeMatch,
    creationMatch: record.creationMatch,
    verifiedAt: record.verifiedAt,
    sources,
    metadata: record.metadata,
  };
}

/** One source of that verification by its path (the only one read); `not-found` for a path it does not have. */
export function verifiedSourceFile(repository: Repository, aliases: readonly string[], chainId: string, path: string): { path: string; content: string } {
  const { content } = underVerificationThatCounts(repository, aliases, chainId, (address) => repository.sourceContent(chainId, address, path));
  if (content === null) throw new ApiFailure('not-found', `the verified sources have no file ${path.slice(0, 200)}`);
  return { path, content };
}
