import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// hardhat-verify v3 in Sourcify mode (v-next/hardhat-verify/src/internal/sourcify.ts and
// verification.ts), its requests and response checks written out here without importing hardhat:
// isVerified (GET /v2/contract), verify (POST /v2/verify) and pollVerificationStatus
// (GET /v2/verify/{guid}), run against this verifier as `verify --provider sourcify` would.

class ResponseStatusCodeError extends Error {
  readonly statusCode: number;
  readonly body: unknown;
  constructor(statusCode: number, body: unknown) {
    super(`status ${statusCode}`);
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** hardhat-utils' request helpers: a status of 400 or more throws with the parsed body. */
async function request(url: string, init?: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  const body = await response.json();
  if (response.status >= 400) throw new ResponseStatusCodeError(response.status, body);
  return body;
}

const has = (value: unknown, ...keys: string[]) => typeof value === 'object' && value !== null && keys.every((key) => key in value);
const isSourcifyErrorResponse = (r: unknown): r is { customCode: string; message: string } => has(r, 'customCode', 'message', 'errorId');
const isSourcifyLookupResponse = (r: unknown): r is { match: string | null } => has(r, 'match', 'creationMatch', 'runtimeMatch', 'chainId', 'address');
const isSourcifyVerificationResponse = (r: unknown): r is { verificationId: string } => has(r, 'verificationId');
const isSourcifyVerificationStatusResponse = (r: unknown) => has(r, 'isJobCompleted', 'verificationId', 'jobStartTime', 'contract');

/** The Sourcify provider of hardhat-verify v3, its error branches kept as thrown messages. */
class HardhatSourcify {
  readonly apiUrl: string;
  readonly chainId: string;
  constructor(apiUrl: string, chainId: string) {
    this.apiUrl = apiUrl;
    this.chainId = chainId;
  }

  async isVerified(address: string): Promise<boolean> {
    let body: unknown;
    try {
      body = await request(`${this.apiUrl}/v2/contract/${this.chainId}/${address}`);
    } catch (error) {
      // Unverified contracts are returned with status 404
      if (error instanceof ResponseStatusCodeError && isSourcifyLookupResponse(error.body)) return error.body.match !== null;
      if (error instanceof ResponseStatusCodeError && isSourcifyErrorResponse(error.body)) throw new Error(`EXPLORER_REQUEST_STATUS_CODE_ERROR: ${error.body.message}`);
      throw new Error(`EXPLORER_REQUEST_FAILED: ${(error as Error).message}`);
    }
    if (!isSourcifyLookupResponse(body)) throw new Error(`CONTRACT_VERIFICATION_UNEXPECTED_RESPONSE: ${JSON.stringify(body)}`);
    return body.match !== null;
  }

  async verify(address: string, compilerInput: unknown, contractName: string, compilerVersion: string, creationTxHash?: string): Promise<string> {
    const body: Record<string, unknown> = { stdJsonInput: compilerInput, contractIdentifier: contractName, compilerVersion };
    if (creationTxHash !== undefined) body.creationTransactionHash = creationTxHash;
    let response: unknown;
    try {
      response = await request(`${this.apiUrl}/v2/verify/${this.chainId}/${address}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    } catch (error) {
      if (error instanceof ResponseStatusCodeError && isSourcifyErrorResponse(error.body)) {
        if (error.body.customCode === 'already_verified') throw new Error('CONTRACT_ALREADY_VERIFIED');
        throw new Error(`CONTRACT_VERIFICATION_REQUEST_FAILED: ${error.body.message}`);
      }
      throw new Error(`EXPLORER_REQUEST_FAILED: ${(error as Error).message}`);
    }
    if (!isSourcifyVerificationResponse(response)) throw new Error(`CONTRACT_VERIFICATION_UNEXPECTED_RESPONSE: ${JSON.stringify(response)}`);
    return response.verificationId;
  }

  async pollVerificationStatus(guid: string): Promise<{ success: boolean; message: string }> {
    let response: any;
    try {
      response = await request(`${this.apiUrl}/v2/verify/${guid}`);
    } catch (error) {
      if (error instanceof ResponseStatusCodeError && isSourcifyErrorResponse(error.body)) throw new Error(`CONTRACT_VERIFICATION_STATUS_POLLING_FAILED: ${error.body.message}`);
      throw new Error(`EXPLORER_REQUEST_FAILED: ${(error as Error).message}`);
    }
    if (!isSourcifyVerificationStatusResponse(response)) throw new Error(`CONTRACT_VERIFICATION_UNEXPECTED_RESPONSE: ${JSON.stringify(response)}`);
    if (!response.isJobCompleted) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // hardhat waits 3 s; a test need not
      return this.pollVerificationStatus(guid);
    }
    if (response.error?.customCode === 'already_verified') throw new Error('CONTRACT_ALREADY_VERIFIED');
    if (response.error?.customCode === 'contract_not_deployed') throw new Error('CONTRACT_VERIFICATION_MISSING_BYTECODE');
    const failure = response.error !== undefined;
    const success = response.error === undefined && response.contract.match !== null;
    if (!failure && !success) throw new Error(`CONTRACT_VERIFICATION_UNEXPECTED_RESPONSE: ${JSON.stringify(response)}`);
    return { success, message: failure ? response.error.message : `Contract verified with status "${response.contract.match}"` };
  }
}

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SOURCE = 'project:/contracts/Storage.sol';

/** The standard JSON input Hardhat compiled Storage from (its build-info `input`). */
function storageInput(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return {
    language: 'Solidity',
    sources: { [SOURCE]: { content: storageUpload()['Storage.sol'] } },
    settings: { ...settings, outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata'], '': ['ast'] } } },
  };
}

describe('hardhat-verify v3 (Sourcify provider) against this verifier', () => {
  let harness: VerifyHarness;
  let sourcify: HardhatSourcify;
  beforeEach(async () => {
    harness = await startVerifyHarness();
    sourcify = new HardhatSourcify(harness.baseUrl, '31337');
  });
  afterEach(async () => harness.close());

  it('runs its whole sequence: lookup (not verified), submit, poll the job to success, lookup (verified)', async () => {
    expect(await sourcify.isVerified(CHECKSUMMED)).toBe(false);
    // verification.ts: contractIdentifier is the input FQN, compilerVersion `v${solcLongVersion}`.
    const guid = await sourcify.verify(CHECKSUMMED, storageInput(), `${SOURCE}:Storage`, 'v0.8.4+commit.c7e474f2', storageDeployment().txHash);
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await sourcify.pollVerificationStatus(guid)).toEqual({ success: true, message: 'Contract verified with status "exact_match"' });
    expect(await sourcify.isVerified(CHECKSUMMED)).toBe(true);

    const job = await request(`${harness.baseUrl}/v2/verify/${guid}`);
    expect(job).toEqual({
      isJobCompleted: true, verificationId: guid, jobStartTime: expect.any(String), jobFinishTime: expect.any(String),
      contract: { match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match', chainId: '31337', address: CHECKSUMMED, verifiedAt: expect.any(String), matchId: expect.any(String) },
    });
    const contract = await request(`${harness.baseUrl}/v2/contract/31337/${ADDRESS}?fields=compilation.fullyQualifiedName`);
    expect(contract).toMatchObject({ match: 'exact_match', matchId: job.contract.matchId, compilation: { fullyQualifiedName: `${SOURCE}:Storage` } });

    // `--force` on a contract whose runtime and creation bytecode both matched exactly: Sourcify's 409.
    await expect(sourcify.verify(CHECKSUMMED, storageInput(), `${SOURCE}:Storage`, 'v0.8.4+commit.c7e474f2')).rejects.toThrow('CONTRACT_ALREADY_VERIFIED');
  });

  it('reports a job that failed the way hardhat-verify branches on it: no code at the address is contract_not_deployed', async () => {
    const empty = `0x${'34'.repeat(20)}`;
    const guid = await sourcify.verify(empty, storageInput(), `${SOURCE}:Storage`, 'v0.8.4+commit.c7e474f2');
    await expect(sourcify.pollVerificationStatus(guid)).rejects.toThrow('CONTRACT_VERIFICATION_MISSING_BYTECODE');
    const job = await request(`${harness.baseUrl}/v2/verify/${guid}`);
    expect(job).toMatchObject({
      isJobCompleted: true,
      contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: '31337', address: '0x3434343434343434343434343434343434343434' },
      error: { customCode: 'contract_not_deployed', message: expect.stringMatching(/does not have a contract deployed/), errorId: expect.any(String) },
    });
  });

  it('gives a failed verification its message, and the contract stays unverified', async () => {
    const input = storageInput() as { sources: Record<string, { content: string }> };
    input.sources[SOURCE]!.content = input.sources[SOURCE]!.content.replace('number = num;', 'number = num + 1;');
    const guid = await sourcify.verify(CHECKSUMMED, input, `${SOURCE}:Storage`, 'v0.8.4+commit.c7e474f2');
    const status = await sourcify.pollVerificationStatus(guid);
    expect(status.success).toBe(false);
    expect(status.message).toMatch(/match/i);
    // lib-sourcify's own code, as Sourcify reports it: the edit changed the code's length.
    expect((await request(`${harness.baseUrl}/v2/verify/${guid}`)).error.customCode).toBe('bytecode_length_mismatch');
    expect(await sourcify.isVerified(CHECKSUMMED)).toBe(false);
  });
});
