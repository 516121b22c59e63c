import { ApiFailure } from '../bridge/api-error.ts';
import type { VerifiedSourcesReply } from '../common/verify-types.ts';
import type { VerifiedRecord, VerifiedRepository } from '../verify/repository/verified-repository.ts';

type Repository = Pick<VerifiedRepository, 'sourceSizes' | 'sourceContent'>;

/**
 * `read` (one of the repository's narrow reads) under the first of an address's aliases on which a
 * verification counts on `chainId`; `not-found` when none does.
 */
function underFirstVerified<T extends { record: VerifiedRecord }>(aliases: readonly string[], chainId: string, read: (alias: string) => T | null): T {
  for (const alias of aliases) {
    const found = read(alias);
    if (found) return found;
  }
  throw new ApiFailure('not-found', `${aliases[0] ?? 'this address'} is not verified on chain ${chainId} here`);
}

/**
 * What the contract page's Source tab shows of a verification: the match and the source list
 * with sizes, not the contents (a project's sources may run to megabytes: each is asked for on
 * its own, when shown, and the list is read without them). `aliases`: the addresses the contract
 * is known by (contract-address-aliases.ts).
 */
export function verifiedSources(repository: Repository, aliases: readonly string[], chainId: string): VerifiedSourcesReply {
  const { record, sources } = underFirstVerified(aliases, chainId, (alias) => repository.sourceSizes(chainId, alias));
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
  const { content } = underFirstVerified(aliases, chainId, (alias) => repository.sourceContent(chainId, alias, path));
  if (content === null) throw new ApiFailure('not-found', `the verified sources have no file ${path.slice(0, 200)}`);
  return { path, content };
}
