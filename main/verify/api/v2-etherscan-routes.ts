import type { FastifyInstance } from 'fastify';
import { toVerifyError } from '../engine/verify-error.ts';
import { requireExplorer } from '../explorer/configured-explorer.ts';
import { fetchExplorerSource, type ExplorerSource } from '../explorer/explorer-import.ts';
import type { VerifyService } from '../verify-service.ts';
import { V2Error } from './sourcify-v2-errors.ts';
import { v2Address, v2ChainId } from './v2-params.ts';
import { refuseVerifiedOrRunning, standardJsonWork, startVerifyJob } from './v2-verify-jobs.ts';
import { standardJsonInput } from './v2-verify-routes.ts';
import type { VerificationJobs } from './verification-jobs.ts';

/** The status Sourcify's APIv2 answers each explorer failure with, by its customCode. */
const EXPLORER_ERROR_STATUS: Readonly<Record<string, number>> = {
  not_etherscan_verified: 404,
  etherscan_limit: 429,
  etherscan_request_failed: 502,
};

/**
 * Sourcify APIv2's import, `POST /v2/verify/etherscan/{chainId}/{address}` ({apiKey?}). The checks
 * that refuse the request whatever the explorer says (already verified 409, already being verified
 * 429; Sourcify's checkIfAlreadyVerified and checkIfJobIsAlreadyRunning) come before the explorer
 * is asked, so a refused request spends none of the user's API key. The explorer is asked before
 * the job starts, so that its refusal is the answer (a contract it has not verified is a 404, an
 * explorer that fails a 502); then what it returned is verified as a standard JSON input, by the
 * job `POST /v2/verify/{chainId}/{address}` runs. Without an explorer configured for the chain it
 * is Sourcify's 404 unsupported_chain.
 */
export function registerV2EtherscanRoute(app: FastifyInstance, service: VerifyService, jobs: VerificationJobs): void {
  app.post('/v2/verify/etherscan/:chainId/:address', async (request, reply) => {
    const params = request.params as { chainId: string; address: string };
    const chainId = v2ChainId(params.chainId, service.chains.supported());
    const address = v2Address(params.address);
    refuseVerifiedOrRunning(service, jobs, chainId, address);
    const explorer = requireExplorer(service.explorers, chainId);
    const body = request.body as { apiKey?: unknown } | undefined;
    // The apiKey goes to the one explorer request; it is not kept anywhere.
    const source = await explorerSource(explorer, address, typeof body?.apiKey === 'string' ? body.apiKey : '');
    const input = standardJsonInput(source.jsonInput);
    const target = { chainId, address, creatorTxHash: null };
    const contract = { path: source.contractPath, name: source.contractName };
    const id = startVerifyJob(service, jobs, target, standardJsonWork(service, input, source.compilerVersion, contract, target));
    return reply.code(202).send({ verificationId: id });
  });
}

async function explorerSource(explorer: string, address: string, apiKey: string): Promise<ExplorerSource> {
  try {
    return await fetchExplorerSource(explorer, address, apiKey);
  } catch (error) {
    const verifyError = toVerifyError(error);
    const customCode = verifyError.code ?? 'etherscan_request_failed';
    throw new V2Error(EXPLORER_ERROR_STATUS[customCode] ?? 400, customCode, verifyError.message);
  }
}
