import { ApiFailure } from '../bridge/api-error.ts';
import type { VerifiedSourcesReply } from '../common/verify-types.ts';
import type { VerifiedRecord, VerifiedRepository } from '../verify/repository/verified-repository.ts';

type Repository = Pick<VerifiedRepository, 'get' | 'files'>;

/** The verification that counts on `chainId` under the first of an address's aliases that has one, with its files. */
function verifiedUnder(repository: Repository, aliases: readonly string[], chainId: string): { record: VerifiedRecord; files: { sources: Record<string, string>; metadata: string } } {
  for (const alias of aliases) {
    const record = repository.get(chainId, alias);
    const files = record ? repository.files(chainId, record.address) : null;
    if (record && files) return { record, files };
  }
  throw new ApiFailure('not-found', `${aliases[0] ?? 'this address'} is not verified on chain ${chainId} here`);
}

/**
 * What the contract page's Source tab shows of a verification: the match and the source list
 * with sizes, not the contents (a project's sources may run to megabytes: each is asked for on
 * its own, when shown). `aliases`: the addresses the contract is known by (contract-address-aliases.ts).
 */
export function verifiedSources(repository: Repository, aliases: readonly string[], chainId: string): VerifiedSourcesReply {
  const { record, files } = verifiedUnder(repository, aliases, chainId);
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
    sources: Object.entries(files.sources).map(([path, content]) => ({ path, bytes: Buffer.byteLength(content, 'utf8') })),
    metadata: files.metadata,
  };
}

/** One source of that verification by its path; `not-found` for a path it does not have. */
export function verifiedSourceFile(repository: Repository, aliases: readonly string[], chainId: string, path: string): { path: string; content: string } {
  const { files } = verifiedUnder(repository, aliases, chainId);
  const content = Object.hasOwn(files.sources, path) ? files.sources[path] : undefined;
  if (content === undefined) throw new ApiFailure('not-found', `the verified sources have no file ${path.slice(0, 200)}`);
  return { path, content };
}
