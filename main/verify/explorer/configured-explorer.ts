import { VerifyError } from '../engine/verify-error.ts';

/** Etherscan-compatible APIs by chain id, as configured (`--explorer CHAIN=URL`). */
export type ExplorerUrls = Readonly<Record<string, string>>;

/**
 * The Etherscan-compatible API configured for a chain, or null. This verifier works offline: it
 * reaches an explorer only when one is configured, never a public one it was not given.
 */
export function configuredExplorer(explorers: ExplorerUrls, chainId: string): string | null {
  return (Object.hasOwn(explorers, chainId) && explorers[chainId]) || null;
}

/** The explorer configured for the chain, else an import from one is refused (unsupported_chain), saying why and what to do. */
export function requireExplorer(explorers: ExplorerUrls, chainId: string): string {
  const explorer = configuredExplorer(explorers, chainId);
  if (explorer === null) {
    throw new VerifyError('unsupported_chain', `No block explorer is configured for chain ${chainId}, and this verifier works offline: it cannot import the contract from Etherscan or another explorer `
      + `it was not given. Configure an Etherscan-compatible API for chain ${chainId} (--explorer ${chainId}=URL), or verify the contract from its sources`);
  }
  return explorer;
}
