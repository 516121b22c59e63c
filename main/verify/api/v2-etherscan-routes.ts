import type { FastifyInstance } from 'fastify';
import { toVerifyError } from '../engine/verify-error.ts';
import { fetchExplorerSource, type ExplorerSource } from '../explorer/explorer-import.ts';
import type { VerifyService } from '../verify-service.ts';
import { configuredExplorer, noExplorerMessage } from './configured-explorer.ts';
import { V2Error } from './sourcify-v2-errors.ts';
import { v2Address, v2ChainId } from './v2-params.ts';

/** The status Sourcify's APIv2 answers each explorer failure with, by its customCode. */
const EXPLORER_ERROR_STATUS: Readonly<Record<string, number>> = {
  not_etherscan_verified: 404,
  etherscan_limit: 429,
  etherscan_request_failed: 502,
};

/**
 * Sourcify APIv2's import, `POST /v2/verify/etherscan/{chainId}/{address}` ({apiKey?}), as Sourcify
 * runs it: the explorer is asked now, so that its refusal is the answer (a contract it has not
 * verified is a 404, an explorer that fails a 502); then what it returned is verified as a
 * standard JSON input, by `POST /v2/verify/{chainId}/{address}` itself, reached in-process, so
 * that the import has that route's checks (already verified, already being verified), job and
 * outcomes. Without an explorer configured for the chain it is Sourcify's 404 unsupported_chain.
 */
export function registerV2EtherscanRoute(app: FastifyInstance, service: VerifyService): void {
  app.post('/v2/verify/etherscan/:chainId/:address', async (request, reply) => {
    const params = request.params as { chainId: string; address: string };
    const chainId = v2ChainId(params.chainId, service.chains.supported());
    const address = v2Address(params.address);
    const explorer = configuredExplorer(service, chainId);
    if (!explorer) throw new V2Error(404, 'unsupported_chain', noExplorerMessage(chainId));
    const body = request.body as { apiKey?: unknown } | undefined;
    // The apiKey goes to the one explorer request; it is not kept anywhere.
    const source = await explorerSource(explorer, address, typeof body?.apiKey === 'string' ? body.apiKey : '');
    const job = await app.inject({
      method: 'POST',
      url: `/v2/verify/${chainId}/${address}`,
      payload: { stdJsonInput: source.jsonInput, compilerVersion: source.compilerVersion, contractIdentifier: `${source.contractPath}:${source.contractName}` },
    });
    return reply.code(job.statusCode).type('application/json; charset=utf-8').send(job.body);
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
