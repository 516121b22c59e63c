/** Display helpers of the Verify screen and the verification badge; pure, so they are unit-tested. */
import type { AbiEntry, VerifyCheckReply, VerifyContractStatus } from '../../../main/common/verify-types.ts';
import type { AbiNames } from './abi-signatures.ts';
import { shortHex as ledgerShortHex } from './ledger-format.ts';

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const CHAIN_PATTERN = /^\d{1,18}$/;
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** What a contract page learned about the contract's verification here: one `verify/check` answer. */
export interface VerifiedCheck {
  /** Null while asking, or when asking failed (`failed` says why). */
  reply: VerifyCheckReply | null;
  failed: string | null;
  /** The ABI of a verification (the first that has one); null when not verified here. */
  abi: AbiEntry[] | null;
  /** Its functions' and events' names, from that ABI. */
  names: AbiNames | null;
  /** The same verification's constructor arguments (0x hex), when its creation match found them. */
  constructorArguments: string | null;
}

/** The Verify screen's query: `address=0x…&chain=298` (both optional). */
export interface VerifyQuery {
  address: string;
  chainId: string;
}

export function parseVerifyQuery(query: string): VerifyQuery {
  const params = new URLSearchParams(query);
  const address = params.get('address') ?? '';
  const chainId = params.get('chain') ?? '';
  return { address: ADDRESS_PATTERN.test(address) ? address.toLowerCase() : '', chainId: CHAIN_PATTERN.test(chainId) ? chainId : '' };
}

export function verifyScreenHash(address: string, chainId?: string | null): string {
  const params = new URLSearchParams({ address: address.toLowerCase() });
  if (chainId) params.set('chain', chainId);
  return `#/verify?${params.toString()}`;
}

export function statusLabel(status: VerifyContractStatus): string {
  switch (status) {
    case 'perfect': return 'Perfect match';
    case 'partial': return 'Partial match';
    case 'error': return 'Not verified';
    default: return 'Not verified yet';
  }
}

/** Tone names of app.css (`data-tone`): green for perfect, amber for partial, red for an error. */
export function statusTone(status: VerifyContractStatus): string {
  return status === 'perfect' ? 'ok' : status === 'partial' ? 'minor' : status === 'error' ? 'critical' : 'none';
}

export type BadgeState = { kind: 'perfect' | 'partial'; chainIds: string[] } | { kind: 'none' };

/** The badge of an address: its best match over the chains it is verified on. */
export function badgeState(reply: VerifyCheckReply): BadgeState {
  const perfect = reply.verified.filter((v) => v.status === 'perfect');
  if (perfect.length > 0) return { kind: 'perfect', chainIds: perfect.map((v) => v.chainId) };
  if (reply.verified.length > 0) return { kind: 'partial', chainIds: reply.verified.map((v) => v.chainId) };
  return { kind: 'none' };
}

/** `0x1234…abcd` for long hex in tight places: the ledger's shortHex, shorter by default. */
export function shortHex(hex: string, keep = 6): string {
  return ledgerShortHex(hex, keep);
}
