import type { FastifyInstance } from 'fastify';
import { requireExplorer } from '../explorer/configured-explorer.ts';
import { fetchExplorerSource } from '../explorer/explorer-import.ts';
import { bothPerfect } from '../repository/match-ranking.ts';
import type { VerifyService } from '../verify-service.ts';
import { readFields } from './request-body.ts';
import { requiredAddress, requiredTargetChain } from './request-fields.ts';
import { storedPerfectEntry, verifyResultEntry } from './result-entry.ts';

/**
 * Sourcify's one-call import, `POST /verify/etherscan` ({address, chain or chainId, apiKey?}): the
 * contract's verified source is fetched from the explorer configured for the chain, compiled and
 * matched here, answered as `/verify/solc-json`. As on Sourcify, a chain not verified on here is a
 * 400, and a contract stored with both bytecodes matching perfectly is answered from the store
 * before the explorer is asked.
 */
export function registerEtherscanRoute(app: FastifyInstance, service: VerifyService): void {
  app.post('/verify/etherscan', async (request) => {
    const fields = await readFields(request);
    const chainId = requiredTargetChain(fields);
    const address = requiredAddress(fields);
    service.chains.requireSupported(chainId);
    const stored = service.repository.get(chainId, address);
    if (bothPerfect(stored)) return { result: [storedPerfectEntry(stored)] };
    const explorer = requireExplorer(service.explorers, chainId);
    // The apiKey goes to the one explorer request; it is not kept anywhere.
    const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey : '';
    const source = await fetchExplorerSource(explorer, address, apiKey);
    const contract = { name: source.contractName, path: source.contractPath };
    const outcome = await service.verifySolcJson(source.jsonInput, source.compilerVersion, contract, { chainId, address });
    return { result: [verifyResultEntry(outcome)] };
  });
}
