import type { RepositoryListing } from '../repository/repository-listing.ts';
import type { VerifyService } from '../verify-service.ts';

/**
 * The chains a lookup may name, as Sourcify's "Sourcify chains": those configured for verification
 * now, and those with contracts stored (verified under another network profile), in numeric order.
 */
export function knownChainIds(service: VerifyService, listing: RepositoryListing): string[] {
  return [...new Set([...service.chains.supported(), ...listing.chainIds()])].sort((a, b) => Number(a) - Number(b));
}

/** "298, 31337", or "none" when nothing is configured. */
export function chainList(chainIds: readonly string[]): string {
  return chainIds.length > 0 ? chainIds.join(', ') : 'none';
}
