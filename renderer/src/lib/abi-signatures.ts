/**
 * Names for what a verified contract's results and logs carry: a call's 4-byte selector is the
 * start of keccak256 of its function's canonical signature (`transfer(address,uint256)`), an
 * event's first topic all of keccak256 of its signature. From the ABI of the verified metadata.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { abiSignature } from '../../../main/common/abi-signature.ts';
import type { AbiEntry } from '../../../main/common/verify-types.ts';
import { bytesToHex } from './ledger-format.ts';

export { abiSignature };

export interface AbiNames {
  /** `0xa9059cbb` -> `transfer(address,uint256)`. */
  functions: Map<string, string>;
  /** `0xddf2…b3ef` (topic 0) -> `Transfer(address,address,uint256)`. */
  events: Map<string, string>;
}

const keccakHex = (text: string): string => `0x${bytesToHex(keccak_256(new TextEncoder().encode(text)))}`;

export function abiNames(abi: readonly AbiEntry[] | null | undefined): AbiNames {
  const names: AbiNames = { functions: new Map(), events: new Map() };
  for (const entry of abi ?? []) {
    const signature = abiSignature(entry);
    if (entry.type === 'function') names.functions.set(keccakHex(signature).slice(0, 10), signature);
    // An anonymous event has no signature topic to recognise it by.
    if (entry.type === 'event' && !entry.anonymous) names.events.set(keccakHex(signature), signature);
  }
  return names;
}

/** The first topic of a log of the event `entry`: keccak256 of its signature, as 0x hex. */
export function eventTopic(entry: AbiEntry): string {
  return keccakHex(abiSignature(entry));
}

/** The 4-byte selector a call of `entry` starts with, as 0x hex. */
export function functionSelector(entry: AbiEntry): string {
  return keccakHex(abiSignature(entry)).slice(0, 10);
}

/** A call's 4-byte selector (lower case), or null for input too short to have one (a creation, a plain transfer). */
export function selectorOf(input: string | null | undefined): string | null {
  return input && input.length >= 10 ? input.slice(0, 10).toLowerCase() : null;
}

/** The signature of the function a call's input selects, when the ABI has it. */
export function functionOf(names: AbiNames | null, input: string | null | undefined): string | null {
  const selector = selectorOf(input);
  return (selector && names?.functions.get(selector)) ?? null;
}

/** The signature of the event a log's first topic is, when the ABI has it. */
export function eventOf(names: AbiNames | null, topic: string | null | undefined): string | null {
  return (topic && names?.events.get(topic.toLowerCase())) ?? null;
}
