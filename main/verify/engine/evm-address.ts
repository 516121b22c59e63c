import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Parses a 0x-prefixed 20-byte hex address; returns it lower-case, or null when malformed. Mixed
 * case is an EIP-55 checksum and must be right, as ethers' isAddress (and so Sourcify) has it: a
 * mistyped digit in a checksummed address is caught, not verified against another contract.
 */
export function parseAddress(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return null;
  const hex = trimmed.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && checksumAddress(trimmed) !== trimmed) return null;
  return trimmed.toLowerCase();
}

/** EIP-55 mixed-case checksum form, the way Sourcify writes addresses in its answers. */
export function checksumAddress(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  const hash = Buffer.from(keccak_256(Buffer.from(hex, 'ascii'))).toString('hex');
  let out = '0x';
  for (let i = 0; i < hex.length; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return out;
}
