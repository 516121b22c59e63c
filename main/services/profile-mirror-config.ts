import type { MirrorApiConfig } from '../mirror/config.ts';
import type { NetworkProfile } from './network-profiles.ts';
import { profileEvmChainId } from './profile-chain-id.ts';

/**
 * The mirror API's settings as one profile serves them: the EVM behind POST /contracts/call
 * reports the profile's chain id (CHAINID), so code that reads it, or checks a signature bound to
 * it (EIP-155, EIP-712), sees the network the contract lives on (profileEvmChainId: 298 on the
 * demo ledger, whose Ethereum transactions are signed for 298). A chain id set in the
 * configuration still wins.
 */
export function profileMirrorConfig(profile: NetworkProfile, base: () => MirrorApiConfig): () => MirrorApiConfig {
  const chainId = profileEvmChainId(profile);
  // The API reads its settings on every request: the merged object is made again only when the base changes.
  let from: MirrorApiConfig | null = null;
  let merged: MirrorApiConfig | null = null;
  return () => {
    const config = base();
    if (config !== from || merged === null) {
      from = config;
      merged = { ...config, contractCall: { ...config.contractCall, chainId: config.contractCall?.chainId ?? chainId } };
    }
    return merged;
  };
}
