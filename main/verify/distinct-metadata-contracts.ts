import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';

/**
 * The contracts with the same metadata taken once. The same metadata often comes twice in one
 * upload: a metadata.json next to the build-info or standard JSON output it was written from (the
 * app's own example folder is such a pair), or copied into two folders. Both copies are one
 * contract: listing it twice makes a "choose one of" that cannot be told apart, and two session
 * entries with the same verificationId (a hash of the metadata). Of the copies, the one with the
 * most sources found stays, the first in the files' order on a tie, in the place of the first copy.
 */
export function distinctMetadataContracts<T extends Pick<SolidityMetadataContract, 'metadata' | 'foundSources'>>(contracts: readonly T[]): T[] {
  const kept = new Map<string, T>();
  for (const contract of contracts) {
    const key = JSON.stringify(contract.metadata);
    const earlier = kept.get(key);
    // Map.set on a key already there keeps its place: the list stays in the files' order.
    if (!earlier || foundCount(contract) > foundCount(earlier)) kept.set(key, contract);
  }
  return [...kept.values()];
}

function foundCount(contract: Pick<SolidityMetadataContract, 'foundSources'>): number {
  return Object.keys(contract.foundSources).length;
}
