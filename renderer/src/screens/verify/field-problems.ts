import { isLongVersion } from '../../../../main/verify/compilers/solc-version.ts';
import { hasBadChecksum } from '../../../../main/common/eip55-address.ts';
import { ADDRESS_PATTERN, CHAIN_PATTERN, TX_HASH_PATTERN } from '../../lib/verify-view.ts';

/** A real long version as solc-bin names it, for examples in messages. */
const EXAMPLE_VERSION = '0.8.24+commit.e11b9ed9';

/** What the user typed, quoted in a message; a pasted page is not echoed back whole. */
function quoted(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

/**
 * Why the compilers panel cannot download what was typed, in plain words; null when it is a
 * version the download accepts: solc-bin's long version, a leading `v` allowed (as
 * `main/verify/compilers/solc-version.ts` reads it).
 */
export function compilerVersionProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return `Enter a compiler version, like ${EXAMPLE_VERSION}.`;
  if (isLongVersion(typed)) return null;
  if (/^v?\d+\.\d+\.\d+$/.test(typed)) return `${quoted(typed)} is missing its commit: give the long version solc-bin lists, like ${EXAMPLE_VERSION}.`;
  return `${quoted(typed)} is not a compiler version: give one like ${EXAMPLE_VERSION} or v${EXAMPLE_VERSION}.`;
}

/** Why the chain id field cannot be used, in plain words; null when it is a chain id. `profileChain` is this network's, for the example. */
export function chainIdProblem(text: string, profileChain: string): string | null {
  const typed = text.trim();
  if (CHAIN_PATTERN.test(typed)) return null;
  const example = profileChain ? `, like ${profileChain} for this network` : ', like 298 for the demo network';
  if (typed === '') return `Enter the chain id the contracts are deployed on: a whole number${example}.`;
  if (/^\d+$/.test(typed)) return `${quoted(typed)} is too long for a chain id (18 digits at most).`;
  return `${quoted(typed)} is not a chain id: enter a whole number${example}.`;
}

/**
 * Why a contract's address field cannot be verified against, in plain words; null when it can.
 * `empty`: what to say of an empty field (null while nothing was asked of it).
 */
export function addressProblem(text: string, empty: string | null): string | null {
  const typed = text.trim();
  if (typed === '') return empty;
  if (/^\d+\.\d+\.\d+$/.test(typed)) return `${quoted(typed)} is a Hedera id: an address is 0x and 40 hex digits (the contract's EVM address); 0.0.x ids are not accepted.`;
  if (!ADDRESS_PATTERN.test(typed)) return `${quoted(typed)} is not an address: an address is 0x and 40 hex digits; 0.0.x ids are not accepted.`;
  if (hasBadChecksum(typed)) return `${quoted(typed)} has a wrong EIP-55 checksum (its mixed case): check it for a mistyped digit, or give it all in lower case.`;
  return null;
}

/** Why the creator transaction hash field cannot be used; null when it is empty (it is optional) or a hash. */
export function txHashProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === '' || TX_HASH_PATTERN.test(typed)) return null;
  return `${quoted(typed)} is not a transaction hash: a creator tx hash is 0x and 64 hex digits (the EVM hash, not a Hedera transaction id).`;
}
