import { parseAddress } from '../engine/evm-address.ts';
import { chainList } from './known-chains.ts';
import { invalidParameter, V2Error } from './sourcify-v2-errors.ts';

/**
 * A v2 path address, lower-case. As Sourcify (ethers' getAddress): 40 hex digits after 0x, and
 * when written in mixed case, it must be the EIP-55 checksum form (a typo in it is caught).
 */
export function v2Address(text: string): string {
  // A path segment is taken as it is: parseAddress would forgive surrounding spaces.
  const address = text === text.trim() ? parseAddress(text) : null;
  if (address === null) throw invalidParameter(`Invalid address: ${text.slice(0, 100)}`);
  return address;
}

/** A v2 path chain id: a decimal number (else 400), one of `known` (else 404 unsupported_chain, as Sourcify). */
export function v2ChainId(text: string, known: readonly string[]): string {
  if (!/^\d{1,18}$/.test(text)) throw invalidParameter(`chainId must be a decimal chain id, not "${text.slice(0, 40)}"`);
  if (!known.includes(text)) throw new V2Error(404, 'unsupported_chain', `Chain ${text} not found: this verifier knows chains ${chainList(known)}`);
  return text;
}
