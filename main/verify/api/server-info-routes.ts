import type { FastifyInstance } from 'fastify';
import { configuredExplorer } from '../explorer/configured-explorer.ts';
import type { VerifyService } from '../verify-service.ts';
import { knownChainIds } from './known-chains.ts';

/** Names of the Hedera chains, as Sourcify's Hedera configuration has them (sourcifyName). */
const CHAIN_NAMES: Readonly<Record<string, string>> = {
  '295': 'Hedera Mainnet',
  '296': 'Hedera Testnet',
  '297': 'Hedera Previewnet',
  '298': 'Hedera Localnet',
};

/** A chain as Sourcify's `GET /chains` lists it. */
interface ListedChain {
  name: string;
  title: string;
  chainId: number | string;
  rpc: string[];
  supported: boolean;
  /** Whether an import from an Etherscan-compatible explorer can be asked for (Sourcify's `etherscanApi?.supported ?? false`). */
  etherscanAPI: boolean;
}

/**
 * What a client asks before verifying, as Sourcify serves it: `GET /health` ("Alive and kicking!",
 * text) and `GET /chains`, the chains a lookup or verification may name (Sourcify's UI builds its
 * chain list from it).
 */
export function registerServerInfoRoutes(app: FastifyInstance, service: VerifyService): void {
  const listing = service.listing;

  app.get('/health', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Alive and kicking!'));

  app.get('/chains', async () => listedChains(service, knownChainIds(service, listing)));
}

/**
 * The known chains: `supported` for those verification is configured for now, not for those only
 * holding contracts verified under another network profile. `rpc` is always empty: the Hedera
 * chains are read from the local mirror, not an RPC node, and a configured RPC URL often carries an
 * API key in its path or query, which Sourcify leaves out of this list too. `etherscanAPI` says
 * whether an explorer is configured for the chain, as Sourcify's does: never its URL, which may
 * carry a key anywhere in it.
 */
export function listedChains(service: VerifyService, chainIds: readonly string[]): ListedChain[] {
  const supported = new Set(service.chains.supported());
  return chainIds.map((chainId) => {
    const name = CHAIN_NAMES[chainId] ?? `Chain ${chainId}`;
    return {
      name,
      title: name,
      // A number, as Sourcify's; the id as written when it is too large for one.
      chainId: Number.isSafeInteger(Number(chainId)) ? Number(chainId) : chainId,
      rpc: [],
      supported: supported.has(chainId),
      etherscanAPI: configuredExplorer(service.explorers, chainId) !== null,
    };
  });
}
