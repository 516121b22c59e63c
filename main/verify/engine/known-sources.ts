import type { SolidityMetadataContract } from '@ethereum-sourcify/lib-sourcify';
import { exactOnlySources, MetadataContract, VARIANTS_BUDGET_BYTES, VARIANTS_MAX_BYTES } from './metadata-contract.ts';
import { VerifyError } from './verify-error.ts';

/** Source files this verifier holds already (the verified repository's), by the keccak256 of their content. */
export interface KnownSources {
  /** The content whose keccak256 is this (0x hex), or null. */
  sourceByKeccak256(keccak256: string): string | null;
}

type ContractSources = Pick<SolidityMetadataContract, 'name' | 'missingSources' | 'invalidSources' | 'providedSources' | 'unusedSourceFiles'>;

/**
 * The contract with the sources its metadata lists but the request left out filled in from
 * sources already verified here, matched by the keccak256 the metadata gives for each (so only
 * the very file can fill the gap). Sourcify fetches such files from IPFS; offline, the sources of
 * earlier verifications are what there is: hardhat-verify 2.x sends the target's source and its
 * libraries only, leaving out the files they import. Like lib-sourcify, which finds a source by
 * its hash whatever path it was sent under and fetches every one it did not find, each missing
 * source is filled: a file sent under the same path with other content (edited since) is then
 * one of the upload's unused files, as it would be on Sourcify.
 */
export function withKnownSources(contract: SolidityMetadataContract, known: KnownSources | null): SolidityMetadataContract {
  const found = knownSourcesOf(contract, known);
  if (found.length === 0) return contract;
  return new MetadataContract(contract.metadata, [...contract.providedSources, ...found]);
}

/** The sources the contract lacks that `known` holds (by the keccak256 its metadata names), under the metadata's paths. */
export function knownSourcesOf(contract: Pick<SolidityMetadataContract, 'missingSources'>, known: KnownSources | null): Array<{ path: string; content: string }> {
  if (!known) return [];
  return Object.entries(contract.missingSources).flatMap(([path, { keccak256 }]) => {
    const content = known.sourceByKeccak256(keccak256);
    return content === null ? [] : [{ path, content }];
  });
}

/**
 * The refusal of a contract whose sources are still missing or do not match their hash: the files
 * named, and why they cannot be had here (Sourcify would try IPFS; this verifier works offline).
 * A missing source "differs" only when the request sent a file under the metadata's very path: a
 * file of the same name elsewhere in the project (contracts/IERC20.sol for @oz/token/IERC20.sol)
 * is another file, not an edited copy. An unused file whose variants were not tried (too large, or
 * past the budget: metadata-contract.ts) is named: one with other line endings would have been found if smaller.
 */
export function missingSourcesError(contract: ContractSources): VerifyError | null {
  const sentPaths = new Set(contract.providedSources.map((source) => source.path));
  const absent = Object.keys(contract.missingSources);
  const differing = [...absent.filter((path) => sentPaths.has(path)), ...Object.keys(contract.invalidSources)];
  const notSent = absent.filter((path) => !sentPaths.has(path));
  if (notSent.length === 0 && differing.length === 0) return null;
  const parts = [`missing sources for ${contract.name}: ${[...notSent, ...differing].join(', ')}.`];
  if (differing.length > 0) parts.push(`The content sent for ${differing.join(', ')} is not the file the metadata names (its keccak256 differs): send the file as it was compiled.`);
  const exactOnly = exactOnlySources(contract);
  if (exactOnly.length > 0) {
    parts.push(`${exactOnly.join(', ')} ${exactOnly.length === 1 ? 'was' : 'were'} compared with the metadata's keccak256 hashes as sent only: other line endings and trailing whitespace are tried for files of at most ${mib(VARIANTS_MAX_BYTES)} MiB each, ${mib(VARIANTS_BUDGET_BYTES)} MiB in all.`);
  }
  if (notSent.length > 0) {
    const them = notSent.length === 1 ? 'it' : 'them';
    parts.push(`This verifier works offline, so it cannot fetch ${notSent.join(', ')} from IPFS, and no contract verified here has ${them}: send every source file the metadata lists.`);
  }
  // lib-sourcify's codes: missing_source while any is missing (its IPFS fetch fails first), else missing_or_invalid_source.
  return new VerifyError('missing_sources', parts.join(' '), absent.length > 0 ? 'missing_source' : 'missing_or_invalid_source');
}

const mib = (bytes: number) => bytes / 1024 / 1024;
