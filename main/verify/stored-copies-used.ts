import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { knownSourcesOf, type KnownSources } from './engine/known-sources.ts';
import { differingUploads } from './sessions/differing-uploads.ts';

/** An uploaded file passed over for the copy of the same source verified here before. */
export interface StoredCopyUsed {
  /** The source's path in the metadata. */
  path: string;
  /** The uploaded file whose content is not the one the metadata names. */
  uploadedPath: string;
}

/**
 * The uploaded files of `chosen`'s sources that verifying will not use, because they hash to
 * something else than the metadata names (edited since) and the copy stored here stands in for
 * them (known-sources.ts). Without this a one-call answer would say "perfect" for a file the user
 * never got matched; the session says it with differingUploads, which this reads the same way.
 * Only files no contract of the upload uses are looked at, as in a session.
 */
export function storedCopiesUsed(chosen: SolidityMetadataContract, contracts: readonly SolidityMetadataContract[], known: KnownSources | null): StoredCopyUsed[] {
  // Every contract of an upload is given all its source files (metadata-contracts.ts).
  const sourceFiles = chosen.providedSources;
  const filled = knownSourcesOf(chosen, known).map((source) => source.path);
  if (filled.length === 0) return [];
  const used = new Set(contracts.flatMap((contract) => Object.values(contract.metadataPathToProvidedFilePath)));
  const unused = new Set(sourceFiles.map((file) => file.path).filter((path) => !used.has(path)));
  return Object.entries(differingUploads(chosen, sourceFiles, filled, unused))
    .filter(([, upload]) => upload.storedCopyUsed)
    .map(([path, upload]) => ({ path, uploadedPath: upload.uploadedPath }));
}
