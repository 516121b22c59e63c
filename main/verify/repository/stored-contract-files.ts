import { checksumAddress } from '../engine/evm-address.ts';
import type { VerifiedRecord } from './verified-repository.ts';

/** One file of a verified contract, its path relative to the contract's folder (`sources/…`, `metadata.json`). */
export interface StoredFile {
  path: string;
  content: string;
}

/** The folder a contract's files live in, Sourcify's repository layout: `contracts/full_match/<chain>/<Address>`. */
export function contractFolder(record: Pick<VerifiedRecord, 'status' | 'chainId' | 'address'>): string {
  return `contracts/${folderMatch(record.status)}/${record.chainId}/${checksumAddress(record.address)}`;
}

export function folderMatch(status: VerifiedRecord['status']): 'full_match' | 'partial_match' {
  return status === 'perfect' ? 'full_match' : 'partial_match';
}

/**
 * The files Sourcify keeps for a verified contract, in its order: the sources (under `sources/`),
 * then metadata.json, constructor-args.txt (when there were arguments), creator-tx-hash.txt (when
 * the creation transaction is known), library-map.json (when libraries were linked) and
 * immutable-references.json (when the runtime code holds immutables).
 */
export function storedContractFiles(record: VerifiedRecord, stored: { sources: Record<string, string>; metadata: string }): StoredFile[] {
  const files: StoredFile[] = Object.entries(stored.sources).map(([path, content]) => ({ path: `sources/${path}`, content }));
  if (stored.metadata) files.push({ path: 'metadata.json', content: stored.metadata });
  if (record.constructorArguments && record.constructorArguments !== '0x') files.push({ path: 'constructor-args.txt', content: record.constructorArguments });
  if (record.creatorTxHash) files.push({ path: 'creator-tx-hash.txt', content: record.creatorTxHash });
  if (Object.keys(record.libraryMap).length > 0) files.push({ path: 'library-map.json', content: JSON.stringify(record.libraryMap) });
  if (record.immutableReferences && Object.keys(record.immutableReferences).length > 0) {
    files.push({ path: 'immutable-references.json', content: JSON.stringify(record.immutableReferences) });
  }
  return files;
}
