import { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { VerifyError } from './verify-error.ts';

/** Source files this verifier holds already (the verified repository's), by the keccak256 of their content. */
export interface KnownSources {
  /** The content whose keccak256 is this (0x hex), or null. */
  sourceByKeccak256(keccak256: string): string | null;
}

type ContractSources = Pick<SolidityMetadataContract, 'name' | 'missingSources' | 'invalidSources' | 'providedSources'>;

/**
 * The contract with the sources its metadata lists but the request left out filled in from
 * sources already verified here, matched by the keccak256 the metadata gives for each (so only
 * the very file can fill the gap). Sourcify fetches such files from IPFS; offline, the sources of
 * earlier verifications are what there is: hardhat-verify 2.x sends the target's source and its
 * libraries only, leaving out the files they import. A file the request did send under that name,
 * with other content (edited since), is not replaced: the request is told it differs.
 */
export function withKnownSources(contract: SolidityMetadataContract, known: KnownSources | null): SolidityMetadataContract {
  const sent = sentFileNames(contract);
  const missing = Object.entries(contract.missingSources).filter(([path]) => !sent.has(fileName(path)));
  if (missing.length === 0 || !known) return contract;
  const found = missing.flatMap(([path, { keccak256 }]) => {
    const content = known.sourceByKeccak256(keccak256);
    return content === null ? [] : [{ path, content }];
  });
  if (found.length === 0) return contract;
  return new SolidityMetadataContract(contract.metadata, [...contract.providedSources, ...found]);
}

/**
 * The refusal of a contract whose sources are still missing or do not match their hash: the files
 * named, and why they cannot be had here (Sourcify would try IPFS; this verifier works offline).
 */
export function missingSourcesError(contract: ContractSources): VerifyError | null {
  const sent = sentFileNames(contract);
  const absent = Object.keys(contract.missingSources);
  const differing = [...absent.filter((path) => sent.has(fileName(path))), ...Object.keys(contract.invalidSources)];
  const notSent = absent.filter((path) => !sent.has(fileName(path)));
  if (notSent.length === 0 && differing.length === 0) return null;
  const parts = [`missing sources for ${contract.name}: ${[...notSent, ...differing].join(', ')}.`];
  if (differing.length > 0) parts.push(`The content sent for ${differing.join(', ')} is not the file the metadata names (its keccak256 differs): send the file as it was compiled.`);
  if (notSent.length > 0) {
    const them = notSent.length === 1 ? 'it' : 'them';
    parts.push(`This verifier works offline, so it cannot fetch ${notSent.join(', ')} from IPFS, and no contract verified here has ${them}: send every source file the metadata lists.`);
  }
  // lib-sourcify's codes: missing_source while any is missing (its IPFS fetch fails first), else missing_or_invalid_source.
  return new VerifyError('missing_sources', parts.join(' '), absent.length > 0 ? 'missing_source' : 'missing_or_invalid_source');
}

/** The file names (last path segment) of the sources the request sent. */
function sentFileNames(contract: Pick<SolidityMetadataContract, 'providedSources'>): Set<string> {
  return new Set(contract.providedSources.map((source) => fileName(source.path)));
}

const fileName = (path: string): string => path.split(/[/\\]/).pop() ?? path;
