import { createHash } from 'node:crypto';
import type { PathBuffer, SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { metadataContractsOf } from '../engine/metadata-contracts.ts';
import { distinctMetadataContracts } from '../distinct-metadata-contracts.ts';
import { unpackZips, type UnpackLimit, type UploadedFile } from '../engine/unpack-zips.ts';
import { SESSION_MAX_BYTES, SessionFullError } from './session-store.ts';
import { TooLargeError } from '../engine/verify-error.ts';

export interface AssembledContract {
  verificationId: string;
  contract: SolidityMetadataContract;
  found: string[];
  missing: string[];
}

export interface AssembledSession {
  contracts: AssembledContract[];
  /** Uploaded source files that no contract's metadata uses (a zip's own files among them, never the zip). */
  unused: string[];
  /** The files with every zip replaced by the files it holds, as the contracts were made from them. */
  unpacked: PathBuffer[];
  /** What the files count against the session limit, zips unpacked. */
  bytes: number;
}

/**
 * Finds the contracts in a session's files: every metadata.json (also inside Hardhat build-info
 * files and zips) with the sources that match its hashes, and the sources no contract uses.
 * Zips are unpacked first, as Sourcify does, within the session limit (SessionFullError past it,
 * found while inflating; a zip that comes unpacked already is not inflated again). The
 * verification id is a hash of the contract's metadata, so it stays the same across requests;
 * metadata found twice (a metadata.json beside its build-info) is one contract. `signal` stops the
 * reading of large files (metadataContractsOf), rejecting with its reason.
 */
export async function assembleSession(files: UploadedFile[], maxBytes = SESSION_MAX_BYTES, signal?: AbortSignal): Promise<AssembledSession> {
  if (files.length === 0) return { contracts: [], unused: [], unpacked: [], bytes: 0 };
  const { files: unpacked, bytes } = await withinSessionLimit(maxBytes, (limit) => unpackZips(files, limit));
  const { contracts, sourceFiles } = await metadataContractsOf(unpacked, signal);
  const used = new Set<string>();
  // The same metadata read twice is one contract: verificationIds are what the session's entries are told apart by.
  const assembled = distinctMetadataContracts(contracts).map((contract) => {
    for (const provided of Object.values(contract.metadataPathToProvidedFilePath)) used.add(provided);
    return {
      verificationId: createHash('sha256').update(JSON.stringify(contract.metadata)).digest('hex').slice(0, 40),
      contract,
      found: Object.keys(contract.foundSources),
      missing: [...Object.keys(contract.missingSources), ...Object.keys(contract.invalidSources)],
    };
  });
  const unused = sourceFiles.map((f) => f.path).filter((path) => !used.has(path));
  return { contracts: assembled, unused, unpacked, bytes };
}

/**
 * Opens the zips among a session's files (`open`: unpackZips, or openZips to keep each zip with
 * what it holds) within the session limit; past it, SessionFullError saying what to do.
 */
export async function withinSessionLimit<T>(maxBytes: number, open: (limit: UnpackLimit) => Promise<T>): Promise<T> {
  try {
    return await open({ bytes: maxBytes, scope: 'a session may hold' });
  } catch (error) {
    if (error instanceof TooLargeError) throw new SessionFullError(`${error.message}. Delete some files or clear the session.`);
    throw error;
  }
}
