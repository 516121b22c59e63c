import { afterEach, describe, expect, it } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { serveStatic } from '../compilers/static-server.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify's one-call import (`POST /verify/etherscan`) and its APIv2 import job
// (`POST /v2/verify/etherscan/{chainId}/{address}`), over real HTTP on loopback with a fake
// Etherscan-compatible explorer, and without one: this verifier works offline.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = checksumAddress(ADDRESS);
const API_KEY = 'TOPSECRETKEY123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SOURCE_REQUEST = `/api?module=contract&action=getsourcecode&address=${ADDRESS}&apikey=${API_KEY}`;

function storageInput(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return { language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings };
}

/** An Etherscan getsourcecode answer for the Storage fixture: its standard JSON input, as Etherscan wraps it ({{…}}). */
function verifiedAnswer(): string {
  return JSON.stringify({
    status: '1', message: 'OK',
    result: [{ SourceCode: `{${JSON.stringify(storageInput())}}`, ABI: '[]', ContractName: 'Storage', ContractFileName: 'project:/contracts/Storage.sol', CompilerVersion: 'v0.8.4+commit.c7e474f2', OptimizationUsed: '0', Runs: '200', ConstructorArguments: '', EVMVersion: 'Default', Library: '', LicenseType: '', Proxy: '0', Implementation: '', SwarmSource: '' }],
  });
}

/** What Etherscan answers for an address whose source it has not verified. */
const NOT_VERIFIED = JSON.stringify({ status: '1', message: 'OK', result: [{ SourceCode: '', ABI: 'Contract source code not verified', ContractName: '', CompilerVersion: '' }] });

describe('importing from a block explorer, one call and APIv2 (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  let explorer: Awaited<ReturnType<typeof serveStatic>> | null = null;
  afterEach(async () => {
    await harness.close();
    await explorer?.close();
    explorer = null;
  });

  async function withExplorer(answer: string | null): Promise<void> {
    explorer = await serveStatic(new Map(answer === null ? [] : [[SOURCE_REQUEST, answer]]));
    harness = await startVerifyHarness({ explorers: { '31337': `${explorer.url}/api` } });
  }

  async function finishedJob(id: string): Promise<any> {
    for (;;) {
      const state = await (await fetch(`${harness.baseUrl}/v2/verify/${id}`)).json() as { isJobCompleted: boolean };
      if (state.isJobCompleted) return state;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Storage compiled again with its creation transaction: both bytecodes a perfect match. */
  async function verifyBothBytecodes(): Promise<void> {
    const verified = await postJson(`${harness.baseUrl}/verify/solc-json`, {
      address: ADDRESS, chain: '31337', compilerVersion: '0.8.4+commit.c7e474f2', contractName: 'Storage', files: { 'input.json': JSON.stringify(storageInput()) }, creatorTxHash: storageDeployment().txHash,
    });
    expect(harness.service.repository.get('31337', ADDRESS), JSON.stringify(verified.body)).toMatchObject({ runtimeMatch: 'perfect', creationMatch: 'perfect' });
  }

  it('POST /verify/etherscan compiles what the explorer returns and matches it here; once perfect, answers from the store without asking again', async () => {
    await withExplorer(verifiedAnswer());
    const first = await postJson(`${harness.baseUrl}/verify/etherscan`, { address: ADDRESS, chainId: '31337', apiKey: API_KEY });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual([expect.objectContaining({ address: CHECKSUMMED, chainId: '31337', status: 'perfect', message: expect.stringMatching(/^runtime bytecode: perfect/) })]);
    expect(first.body.result[0].storageTimestamp).toBeUndefined();
    expect(harness.service.repository.get('31337', ADDRESS)).toMatchObject({ name: 'Storage', runtimeMatch: 'perfect' });
    expect(explorer!.requests).toEqual([SOURCE_REQUEST]);

    // Sourcify's checkPerfectMatch: with both bytecodes perfect, the stored match and when it was stored.
    await verifyBothBytecodes();
    const again = await postJson(`${harness.baseUrl}/verify/etherscan`, { address: ADDRESS, chain: '31337', apiKey: API_KEY });
    expect(again.body.result).toEqual([expect.objectContaining({ status: 'perfect', storageTimestamp: harness.service.repository.get('31337', ADDRESS)!.verifiedAt })]);
    expect(explorer!.requests).toHaveLength(1);
  });

  it('POST /v2/verify/etherscan answers 202 with a job that verifies what the explorer returned, with the standard-JSON route\'s checks', async () => {
    await withExplorer(verifiedAnswer());
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, { apiKey: API_KEY });
    expect(submitted).toMatchObject({ status: 202, body: { verificationId: expect.stringMatching(UUID) } });
    const job = await finishedJob(submitted.body.verificationId);
    expect(job).toMatchObject({ isJobCompleted: true, contract: { match: 'exact_match', runtimeMatch: 'exact_match', chainId: '31337', address: CHECKSUMMED } });
    expect(job.error).toBeUndefined();
    expect(explorer!.requests).toEqual([SOURCE_REQUEST]);

    // The same import again finds nothing better: the job ends as Sourcify's already_verified.
    const repeated = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, { apiKey: API_KEY });
    expect((await finishedJob(repeated.body.verificationId)).error).toMatchObject({ customCode: 'already_verified' });
    // And with both bytecodes perfect, the request itself is refused with Sourcify's 409.
    await verifyBothBytecodes();
    const asked = explorer!.requests.length;
    const refused = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, { apiKey: API_KEY });
    expect(refused).toMatchObject({ status: 409, body: { customCode: 'already_verified', errorId: expect.stringMatching(UUID) } });
    // Refused before the explorer is asked: a request bound to fail spends none of the user's API key.
    expect(explorer!.requests).toHaveLength(asked);
  });

  it('answers the explorer\'s refusals as Sourcify\'s APIv2 does: not verified there 404, an explorer that fails 502', async () => {
    await withExplorer(NOT_VERIFIED);
    const unverified = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, { apiKey: API_KEY });
    expect(unverified).toMatchObject({ status: 404, body: { customCode: 'not_etherscan_verified', message: expect.stringMatching(/is not verified at the explorer/), errorId: expect.stringMatching(UUID) } });
    const failing = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, { apiKey: 'another key' });
    expect(failing).toMatchObject({ status: 502, body: { customCode: 'etherscan_request_failed', message: expect.stringMatching(/answered HTTP 404/) } });
    expect(JSON.stringify([unverified.body, failing.body])).not.toContain(API_KEY);
  });

  it('without an explorer configured for the chain, says so and that it cannot reach one offline: v2 404 unsupported_chain, v1 400', async () => {
    harness = await startVerifyHarness();
    const v2 = await postJson(`${harness.baseUrl}/v2/verify/etherscan/31337/${ADDRESS}`, {});
    expect(v2).toMatchObject({
      status: 404,
      body: { customCode: 'unsupported_chain', message: expect.stringMatching(/^No block explorer is configured for chain 31337, and this verifier works offline/), errorId: expect.stringMatching(UUID) },
    });
    const v1 = await postJson(`${harness.baseUrl}/verify/etherscan`, { address: ADDRESS, chainId: '31337' });
    expect(v1).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^No block explorer is configured for chain 31337, and this verifier works offline/) } });
    // A chain not verified on here at all is the v2 routes' 404 and Sourcify's v1 400, as before.
    expect(await postJson(`${harness.baseUrl}/v2/verify/etherscan/5/${ADDRESS}`, {})).toMatchObject({ status: 404, body: { customCode: 'unsupported_chain', message: expect.stringMatching(/^Chain 5 not found/) } });
    expect(await postJson(`${harness.baseUrl}/verify/etherscan`, { address: ADDRESS, chain: '5' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/chain 5 is not supported here/) } });
  });
});
