import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * EIP-55 mixed-case checksum form of a 0x and 40 hex digits address, the way Sourcify writes
 * addresses in its answers. Shared by the verify engine and the Verify screen, which refuse a
 * mixed-case address whose case is not this.
 */
export function checksumAddress(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    // The hash's i-th hex digit: the high nibble of byte i/2 for even i, the low one for odd.
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/**
 * Whether mixed case in a 0x and 40 hex digits address is a checksum that does not hold. All lower
 * or all upper case carries no checksum.
 */
export function hasBadChecksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return false;
  return checksumAddress(address) !== address;
}
