import type { VerifyService } from '../verify-service.ts';

/**
 * The Etherscan-compatible API configured for a chain, or null. This verifier works offline: it
 * reaches an explorer only when one is configured, so an import without one is refused with
 * `noExplorerMessage`, never tried against a public explorer.
 */
export function configuredExplorer(service: VerifyService, chainId: string): string | null {
  return service.explorers[chainId] ?? null;
}

export function noExplorerMessage(chainId: string): string {
  return `No block explorer is configured for chain ${chainId}, and this verifier works offline: it cannot import the contract from Etherscan or another explorer `
    + `it was not given. Configure an Etherscan-compatible API for chain ${chainId} (--explorer ${chainId}=URL), or verify the contract from its sources`;
}
