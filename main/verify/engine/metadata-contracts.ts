import { splitFiles, type PathBuffer, type PathContent, type SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { MetadataContract } from './metadata-contract.ts';
import { checkMetadataShape } from './metadata-shape.ts';

export interface MetadataContracts {
  contracts: SolidityMetadataContract[];
  /** The files that are not metadata (nor Hardhat build-info), taken as possible sources. */
  sourceFiles: PathContent[];
}

/**
 * The contracts a set of files makes up, as lib-sourcify's createMetadataContractsFromFiles finds
 * them (every metadata.json, also inside Hardhat build-info files, with the sources matching its
 * hashes), from files already unpacked (unpack-zips.ts: a zip inside them stays a file, never
 * inflated here without a limit). Each metadata's field types are checked first (a 400 naming the
 * field); lib-sourcify's own refusals (a Vyper metadata, two compilation targets) are Errors.
 */
export function metadataContractsOf(files: readonly PathBuffer[]): MetadataContracts {
  const { metadataFiles, sourceFiles } = splitFiles(files.map((f) => ({ path: f.path, content: f.buffer.toString() })));
  const contracts = metadataFiles.map((metadata) => {
    checkMetadataShape(metadata, metadataLabel(metadata));
    if (metadata.language === 'Vyper') throw new Error('Can only handle Solidity metadata files');
    if (metadata.language !== 'Solidity') throw new Error('Unsupported language');
    return new MetadataContract(metadata, sourceFiles);
  });
  return { contracts, sourceFiles };
}

/** "the metadata of Storage" when its compilation target names a contract, else "the metadata". */
function metadataLabel(metadata: unknown): string {
  const target = (metadata as { settings?: { compilationTarget?: unknown } }).settings?.compilationTarget;
  const names = target && typeof target === 'object' ? Object.values(target) : [];
  return names.length === 1 && typeof names[0] === 'string' ? `the metadata of ${names[0].slice(0, 100)}` : 'the metadata';
}
