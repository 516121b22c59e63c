import { createHash } from 'node:crypto';
import { createMetadataContractsFromFiles, splitFiles, type PathBuffer, type SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';

export interface AssembledContract {
  verificationId: string;
  contract: SolidityMetadataContract;
  found: string[];
  missing: string[];
}

export interface AssembledSession {
  contracts: AssembledContract[];
  /** Uploaded source files that no contract's metadata uses. */
  unused: string[];
}

/**
 * Finds the contracts in a session's files: every metadata.json (also inside Hardhat build-info
 * files and zips) with the sources that match its hashes, and the uploaded sources no contract uses.
 * The verification id is a hash of the contract's metadata, so it stays the same across requests.
 */
export async function assembleSession(files: PathBuffer[]): Promise<AssembledSession> {
  if (files.length === 0) return { contracts: [], unused: [] };
  const contracts = await createMetadataContractsFromFiles(files.map((f) => ({ path: f.path, buffer: f.buffer })));
  const used = new Set<string>();
  const assembled = contracts.map((contract) => {
    for (const provided of Object.values(contract.metadataPathToProvidedFilePath)) used.add(provided);
    return {
      verificationId: createHash('sha256').update(JSON.stringify(contract.metadata)).digest('hex').slice(0, 40),
      contract,
      found: Object.keys(contract.foundSources),
      missing: [...Object.keys(contract.missingSources), ...Object.keys(contract.invalidSources)],
    };
  });
  const { sourceFiles } = splitFiles(files.map((f) => ({ path: f.path, content: f.buffer.toString('utf8') })));
  const unused = sourceFiles.map((f) => f.path).filter((path) => !used.has(path));
  return { contracts: assembled, unused };
}
