import type { PathBuffer, PathContent, SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { MetadataContract } from './metadata-contract.ts';
import { splitFilesOf, type SplitFiles } from './split-files-off-thread.ts';
import { checkMetadataShape } from './metadata-shape.ts';
import { VerifyError } from './verify-error.ts';

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
 * field), and a language other than Solidity is refused (`unsupported_language`); lib-sourcify's own
 * refusals (two compilation targets) are Errors. Large files are split and their sources hashed in a
 * helper thread (splitFilesOf), so that reading them does not hold the server's loop; `signal` stops that thread.
 */
export async function metadataContractsOf(files: readonly PathBuffer[], signal?: AbortSignal): Promise<MetadataContracts> {
  return contractsOfSplit(await splitFilesOf(files, signal));
}

function contractsOfSplit({ metadataFiles, sourceFiles }: SplitFiles): MetadataContracts {
  const contracts = metadataFiles.map((metadata) => {
    checkMetadataShape(metadata, metadataLabel(metadata));
    // Said as APIv2 says it, with its code (lib-sourcify's own words read as if the files were unreadable).
    if (metadata.language !== 'Solidity') {
      throw new VerifyError('bad_request', `${metadataLabel(metadata)} is in ${JSON.stringify(String(metadata.language).slice(0, 40))}: this verifier compiles Solidity only`, 'unsupported_language');
    }
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
