import { EtherscanUtils } from '@ethereum-sourcify/lib-sourcify';
import { VerifyError } from '../engine/verify-error.ts';

export interface ExplorerSource {
  compilerVersion: string;
  contractName: string;
  contractPath: string;
  /** The standard JSON input the explorer's verified source amounts to. */
  jsonInput: unknown;
}

/**
 * Fetches a contract's verified source from an Etherscan-compatible `getsourcecode` API. The
 * apiKey is used for this one request and appears in no message, log or storage: errors name
 * only the explorer's origin. Each error carries Sourcify's APIv2 code for it (`code`).
 */
export async function fetchExplorerSource(baseUrl: string, address: string, apiKey: string, timeoutMs = 20_000): Promise<ExplorerSource> {
  const url = new URL(baseUrl);
  const origin = url.origin;
  url.searchParams.set('module', 'contract');
  url.searchParams.set('action', 'getsourcecode');
  url.searchParams.set('address', address);
  if (apiKey) url.searchParams.set('apikey', apiKey);
  let body: { status?: string; message?: string; result?: unknown };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new VerifyError('chain_unavailable', `the explorer at ${origin} answered HTTP ${response.status}`, 'etherscan_request_failed');
    body = await response.json() as typeof body;
  } catch (error) {
    if (error instanceof VerifyError) throw error;
    throw new VerifyError('chain_unavailable', `the explorer at ${origin} cannot be reached`, 'etherscan_request_failed');
  }
  if (body.status !== '1' || !Array.isArray(body.result) || !body.result[0]) {
    const said = typeof body.result === 'string' ? body.result.replace(apiKey || '\u0000', '***') : body.message ?? 'no result';
    throw new VerifyError('bad_request', `the explorer at ${origin} gave no source for ${address}: ${said}`, /rate limit/i.test(said) ? 'etherscan_limit' : 'etherscan_request_failed');
  }
  const result = body.result[0] as Parameters<typeof EtherscanUtils.processSolidityResultFromEtherscan>[0];
  if (!result.SourceCode) throw new VerifyError('bad_request', `the contract ${address} is not verified at the explorer at ${origin}`, 'not_etherscan_verified');
  if (EtherscanUtils.isVyperResult(result)) throw new VerifyError('bad_request', 'Vyper contracts are not supported here', 'unsupported_language');
  try {
    const processed = EtherscanUtils.processSolidityResultFromEtherscan(result);
    return {
      compilerVersion: processed.compilerVersion,
      contractName: processed.contractName,
      contractPath: processed.contractPath,
      jsonInput: processed.jsonInput,
    };
  } catch (error) {
    throw new VerifyError('bad_request', `the explorer's answer could not be used: ${(error as Error).message}`, 'malformed_etherscan_response');
  }
}
