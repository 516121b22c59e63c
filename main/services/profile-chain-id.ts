import { DEMO_CHAIN_ID } from '../mirror/demo/contract-history.ts';
import type { NetworkProfile } from './network-profiles.ts';

/**
 * The EVM chain id of a profile's network: its own where it has one; otherwise (the demo ledger,
 * or a custom network given none) a local network's, 298, the id Hiero's local node and Solo
 * answer with and the one the demo's Ethereum transactions are signed for. The contract call EVM
 * reports it (CHAINID) and the profile's contracts are verified under it: one decision for both.
 */
export function profileEvmChainId(profile: NetworkProfile): number {
  return profile.chainId ?? DEMO_CHAIN_ID;
}

/**
 * The chain a profile's network is known to be: its own chain id, or the demo's (a local network,
 * 298). Null for a custom profile given none: it may be any network (a provider's testnet mirror,
 * say), so its ids' HIP-15 checksums can be neither shown nor checked. (Its contracts still run and
 * are verified under 298, `profileEvmChainId`: an EVM needs some chain id.)
 */
export function profileKnownChainId(profile: NetworkProfile): number | null {
  return profile.source === 'demo' ? profileEvmChainId(profile) : profile.chainId;
}
