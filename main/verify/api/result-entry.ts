import { checksumAddress } from '../engine/evm-address.ts';
import type { VerifiedRecord } from '../repository/verified-repository.ts';

/** The one-call verify's answer entry (interface B): address, chainId, status, message, libraryMap. */
export function verifyResultEntry(record: VerifiedRecord): Record<string, unknown> {
  return {
    address: checksumAddress(record.address),
    chainId: record.chainId,
    status: record.status,
    message: `runtime bytecode: ${record.runtimeMatch ?? 'no match'}; creation bytecode: ${record.creationMatch ?? 'not checked or no match'}`,
    libraryMap: record.libraryMap,
  };
}

/** Sourcify v2's words for a match: exact_match (perfect), match (partial), or null. */
export function v2Match(level: 'perfect' | 'partial' | null): 'exact_match' | 'match' | null {
  return level === 'perfect' ? 'exact_match' : level === 'partial' ? 'match' : null;
}
