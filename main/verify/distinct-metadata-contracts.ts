import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';

/**
 * The contracts with the same metadata taken once. The same metadata often comes twice in one
 * upload: a metadata.json next to the build-info or standard JSON output it was written from (the
 * app's own example folder is such a pair), or copied into two folders. Both copies are one
 * contract: listing it twice makes a "choose one of" that cannot be told apart, and two session
 * entries with the same verificationId (a hash of the metadata). The first copy in the files' order
 * stays (as the renderer's distinctContracts): every copy is assembled from the same uploaded
 * sources, so the same metadata finds the same sources whichever copy it was read from.
 */
export function distinctMetadataContracts<T extends Pick<SolidityMetadataContract, 'metadata'>>(contracts: readonly T[]): T[] {
  const kept = new Map<string, T>();
  for (const contract of contracts) {
    const key = JSON.stringify(contract.metadata);
    if (!kept.has(key)) kept.set(key, contract);
  }
  return [...kept.values()];
}
