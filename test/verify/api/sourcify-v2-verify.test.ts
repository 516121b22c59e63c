import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify APIv2's verification requests and jobs over real HTTP: request checks in Sourcify's
// order and words, 202 tickets, the job's shape while pending and when done, the metadata route.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SOURCE = 'project:/contracts/Storage.sol';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function storageInput(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return { language: 'Solidity', sources: { [SOURCE]: { content: storageUpload()['Storage.sol'] } }, settings };
}
const validBody = (): Record<string, unknown> => ({ stdJsonInput: storageInput(), compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: `${SOURCE}:Storage` });

describe('POST /v2/verify and GET /v2/verify/{verificationId}', () => {
  let harness: VerifyHarness;
  beforeEach(async () => {
    harness = await startVerifyHarness();
  });
  afterEach(async () => harness.close());

  const submit = (body: unknown, path = `31337/${ADDRESS}`) => postJson(`${harness.baseUrl}/v2/verify/${path}`, body);
  const job = async (id: string) => (await fetch(`${harness.baseUrl}/v2/verify/${id}`)).json();
  async function finished(id: string): Promise<any> {
    for (;;) {
      const state = await job(id);
      if (state.isJobCompleted) return state;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it.each([
    ['no stdJsonInput', { ...validBody(), stdJsonInput: undefined }, 'Standard JSON input is required.'],
    ['an input without language', { ...validBody(), stdJsonInput: { sources: {} } }, 'Standard JSON input must contain a language field.'],
    ['an input without sources', { ...validBody(), stdJsonInput: { language: 'Solidity' } }, 'Standard JSON input must contain a sources field.'],
    ['a source without content', { ...validBody(), stdJsonInput: { language: 'Solidity', sources: { 'A.sol': { urls: [] } } } }, 'Standard JSON input must contain a content field for each source.'],
    ['no contractIdentifier', { ...validBody(), contractIdentifier: undefined }, 'Contract identifier is required'],
    ['a contractIdentifier without a path', { ...validBody(), contractIdentifier: 'Storage' }, "The contractIdentifier must consist of the file path and the contract name separated by a ':'."],
    ['no compilerVersion', { ...validBody(), compilerVersion: undefined }, 'Compiler version is required'],
    ['a malformed creationTransactionHash', { ...validBody(), creationTransactionHash: '0x12' }, 'creationTransactionHash must be a 0x-prefixed 32-byte hex transaction hash'],
  ])('answers %s with 400 invalid_parameter in Sourcify\'s words', async (_label, body, message) => {
    expect(await submit(body)).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message, errorId: expect.stringMatching(UUID) } });
  });

  it('checks the path first: a chain not configured for verification is 404 unsupported_chain, a bad address 400', async () => {
    expect(await submit(validBody(), `5/${ADDRESS}`)).toMatchObject({ status: 404, body: { customCode: 'unsupported_chain', message: 'Chain 5 not found: this verifier knows chains 31337' } });
    expect(await submit(validBody(), '31337/0x1234')).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message: 'Invalid address: 0x1234' } });
  });

  it('answers a body that is not JSON in the v2 shape too', async () => {
    const response = await fetch(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stdJsonInput":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ customCode: 'invalid_parameter', message: expect.any(String), errorId: expect.stringMatching(UUID) });
  });

  it('shows a job as pending until it ends, and refuses a second job for the same contract meanwhile (429)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const realVerify = harness.service.verifySolcJson.bind(harness.service);
    harness.service.verifySolcJson = async (...args) => {
      await gate;
      return realVerify(...args);
    };
    const first = await submit(validBody());
    expect(first).toEqual({ status: 202, body: { verificationId: expect.stringMatching(UUID) }, setCookie: null });
    const pending = await job(first.body.verificationId);
    expect(pending).toEqual({
      isJobCompleted: false, verificationId: first.body.verificationId, jobStartTime: expect.any(String),
      contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: '31337', address: CHECKSUMMED },
    });
    expect(await submit(validBody())).toMatchObject({ status: 429, body: { customCode: 'duplicate_verification_request', message: `Contract ${CHECKSUMMED} on chain 31337 is already being verified` } });
    release();
    const done = await finished(first.body.verificationId);
    expect(done.contract).toMatchObject({ match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: null });
    expect(Date.parse(done.jobFinishTime)).toBeGreaterThanOrEqual(Date.parse(done.jobStartTime));
  });

  it.each([
    ['a compiler that is not installed', { compilerVersion: '0.8.1+commit.df193b15' }, 'unsupported_compiler_version', /compiler not available: 0\.8\.1/],
    ['another language', { stdJsonInput: { ...storageInput(), language: 'Vyper' } }, 'unsupported_language', /Solidity only, not "Vyper"/],
    ['a contract path that is not a source', { contractIdentifier: 'contracts/Other.sol:Storage' }, 'contract_not_found_in_compiler_output', /contracts\/Other\.sol is not among the sources/],
    ['a contract name no source declares', { contractIdentifier: `${SOURCE}:Nope` }, 'contract_not_found_in_compiler_output', /Nope/],
  ])('ends the job of %s with an error the client can branch on', async (_label, change, customCode, message) => {
    const { status, body } = await submit({ ...validBody(), ...change });
    expect(status).toBe(202);
    const done = await finished(body.verificationId);
    expect(done.error).toMatchObject({ customCode, message: expect.stringMatching(message), errorId: expect.stringMatching(UUID) });
    expect(done.contract.match).toBeNull();
  });

  it('answers a verificationId that is not a UUID 400, and an unknown one 404 job_not_found', async () => {
    expect(await job('nope')).toMatchObject({ customCode: 'invalid_parameter' });
    const unknown = '550e8400-e29b-41d4-a716-446655440000';
    const response = await fetch(`${harness.baseUrl}/v2/verify/${unknown}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ customCode: 'job_not_found', message: `No verification job found for id ${unknown}`, errorId: expect.stringMatching(UUID) });
  });

  it('verifies from metadata and sources through POST /v2/verify/metadata', async () => {
    const request = { metadata: JSON.parse(storageUpload()['metadata.json']!), sources: { [SOURCE]: storageUpload()['Storage.sol'] }, creationTransactionHash: storageDeployment().txHash };
    const { status, body } = await postJson(`${harness.baseUrl}/v2/verify/metadata/31337/${ADDRESS}`, request);
    expect(status).toBe(202);
    expect((await finished(body.verificationId)).contract).toMatchObject({ match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match', address: CHECKSUMMED });
    const again = await postJson(`${harness.baseUrl}/v2/verify/metadata/31337/${ADDRESS}`, request);
    expect(again).toMatchObject({ status: 409, body: { customCode: 'already_verified' } });
  });

  it('ends a job whose match is no better than the stored one with already_verified (hardhat-verify: "already verified")', async () => {
    const modified = storageModifiedUpload();
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: modified })).body.result[0].status).toBe('partial');
    const metadata = JSON.parse(modified['metadata.json']!);
    const [source] = Object.keys(metadata.sources);
    const { body } = await postJson(`${harness.baseUrl}/v2/verify/metadata/31337/${ADDRESS}`, { metadata, sources: { [source!]: modified['StorageModified.sol'] } });
    const done = await finished(body.verificationId);
    expect(done.error).toMatchObject({ customCode: 'already_verified', message: expect.stringMatching(/^The contract is already verified and the job didn't yield a better match: /) });
    // The exact sources are better (a perfect match) and replace the partial one.
    const better = await submit(validBody());
    expect((await finished(better.body.verificationId)).contract.match).toBe('exact_match');
  });

  it.each([
    ['no metadata', { sources: {} }, 'Metadata is required.'],
    ['metadata without compiler', { metadata: { language: 'Solidity' }, sources: {} }, 'Metadata must contain a compiler field.'],
    ['metadata without compilationTarget', { metadata: { compiler: { version: '0.8.4' }, language: 'Solidity', settings: {}, sources: {} }, sources: {} }, 'Metadata must contain a settings.compilationTarget field.'],
    ['no sources', { metadata: JSON.parse(storageUpload()['metadata.json']!) }, 'Sources are required: an object mapping each source path to its content.'],
    ['a source path climbing out', { metadata: JSON.parse(storageUpload()['metadata.json']!), sources: { '../x.sol': '' } }, 'file name "../x.sol" must not contain ".." segments'],
  ])('answers a metadata request with %s 400 invalid_parameter', async (_label, body, message) => {
    expect(await postJson(`${harness.baseUrl}/v2/verify/metadata/31337/${ADDRESS}`, body)).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message } });
  });
});
