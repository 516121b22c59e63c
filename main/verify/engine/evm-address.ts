import { checksumAddress, hasBadChecksum } from '../../common/eip55-address.ts';

export { checksumAddress };

/**
 * Parses a 0x-prefixed 20-byte hex address; returns it lower-case, or null when malformed. Mixed
 * case is an EIP-55 checksum and must be right, as ethers' isAddress (and so Sourcify) has it: a
 * mistyped digit in a checksummed address is caught, not verified against another contract.
 */
export function parseAddress(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return null;
  if (hasBadChecksum(trimmed)) return null;
  return trimmed.toLowerCase();
}

