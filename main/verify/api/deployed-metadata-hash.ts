/**
 * The IPFS metadata hash (34-byte sha2-256 multihash) that a Solidity runtime bytecode names in the
 * CBOR auxdata at its end: the last two bytes give the auxdata's length, and the auxdata is a map
 * whose `ipfs` key holds the hash. Null when the code has no such auxdata (compiled without a
 * metadata hash, or with a Swarm one, as solc did before 0.6).
 */
export function ipfsMetadataHashOf(runtimeCode: string): Buffer | null {
  const hex = runtimeCode.replace(/^0x/i, '').toLowerCase();
  if (!/^(?:[0-9a-f]{2})+$/.test(hex) || hex.length < 4) return null;
  const length = Number.parseInt(hex.slice(-4), 16);
  if (length === 0 || length * 2 + 4 > hex.length) return null;
  const auxdata = hex.slice(hex.length - 4 - length * 2, -4);
  // A CBOR map (major type 5) of fewer than 24 entries, as solc writes it.
  if (!/^a[1-9a-f]|^b[0-7]/.test(auxdata)) return null;
  // The key "ipfs" (a 4-byte text string), then a 34-byte byte string: the multihash. Searched byte by byte, never across a byte's halves.
  for (let at = auxdata.indexOf(IPFS_KEY); at !== -1; at = auxdata.indexOf(IPFS_KEY, at + 1)) {
    const value = auxdata.slice(at + IPFS_KEY.length, at + IPFS_KEY.length + 68);
    if (at % 2 === 0 && /^1220[0-9a-f]{64}$/.test(value)) return Buffer.from(value, 'hex');
  }
  return null;
}

const IPFS_KEY = '64697066735822';
