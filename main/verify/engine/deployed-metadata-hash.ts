import { AuxdataStyle, decode } from '@ethereum-sourcify/bytecode-utils';

/**
 * The IPFS hash of the metadata a Solidity runtime bytecode names in the CBOR auxdata at its end
 * (`Qm…`, as IPFS writes it), read by Sourcify's own decoder. Null when the code has no such
 * auxdata (compiled without a metadata hash, or with a Swarm one, as solc did before 0.6).
 */
export function metadataIpfsHashOf(runtimeCode: string): string | null {
  try {
    const { ipfs } = decode(runtimeCode, AuxdataStyle.SOLIDITY);
    return typeof ipfs === 'string' ? ipfs : null;
  } catch {
    return null; // no auxdata, or none CBOR can read
  }
}
