import type { FastifyInstance } from 'fastify';
import type { RepositoryListing } from '../repository/repository-listing.ts';
import type { VerifyService } from '../verify-service.ts';
import { contractListQuery } from './contract-list-query.ts';
import { fieldSelection, minimalContract, unverifiedContract, verifiedContract } from './contract-lookup.ts';
import { knownChainIds } from './known-chains.ts';
import { v2Address, v2ChainId } from './v2-params.ts';

/**
 * Sourcify APIv2's contract lookup, `GET /v2/contract/{chainId}/{address}` with `?fields=`/`?omit=`,
 * the address on every chain, `GET /v2/contract/all-chains/{address}`, and a chain's verified
 * contracts, `GET /v2/contracts/{chainId}`. A contract not verified here is a 404 whose body is
 * the lookup with every match null, as Sourcify answers (hardhat-verify's "is it verified?" reads
 * exactly that).
 */
export function registerLookupRoutes(app: FastifyInstance, service: VerifyService, listing: RepositoryListing): void {
  app.get('/v2/contract/:chainId/:address', async (request, reply) => {
    const params = request.params as { chainId: string; address: string };
    const chainId = v2ChainId(params.chainId, knownChainIds(service, listing));
    const address = v2Address(params.address);
    const selection = fieldSelection(request.query);
    const record = service.repository.get(chainId, address);
    if (!record) return reply.code(404).send(unverifiedContract(chainId, address));
    const needsSources = selection.some((field) => field === 'sources' || field === 'stdJsonInput');
    return verifiedContract(record, needsSources ? service.repository.files(chainId, address) : null, selection);
  });

  // The address on every chain it is verified on here: 404 with no results when none, as Sourcify answers.
  app.get('/v2/contract/all-chains/:address', async (request, reply) => {
    const address = v2Address((request.params as { address: string }).address);
    const results = service.repository.byAddress(address)
      .sort((a, b) => Number(a.chainId) - Number(b.chainId))
      .map((record) => minimalContract(record));
    return reply.code(results.length > 0 ? 200 : 404).send({ results });
  });

  // Page by page: the last matchId of a page is the next request's afterMatchId.
  app.get('/v2/contracts/:chainId', async (request) => {
    const chainId = v2ChainId((request.params as { chainId: string }).chainId, knownChainIds(service, listing));
    const query = contractListQuery(request.query);
    const results = listing.chain(chainId).matches(query).map((match) => minimalContract({ ...match, chainId }));
    return { results };
  });
}
