import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import type { VerificationResult } from '../../../main/verify/engine/verification-result.ts';
import { postJson, startVerifyHarness, storageDeployment, storageModifiedUpload, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify APIv2's list of a chain's verified contracts, GET /v2/contracts/{chainId}, over real HTTP.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/** A stored match with no compile behind it: the list reads the repository only. */
const stored = (overrides: Partial<VerificationResult>): VerificationResult => ({
  chainId: '31337', address: address(1), runtimeMatch: 'perfect', creationMatch: 'perfect', status: 'perfect', libraryMap: {},
  name: 'A', compiledPath: 'A.sol', compilerVersion: '0.8.4+commit.c7e474f2', sources: { 'A.sol': 'contract A {}' }, metadata: '{}',
  creatorTxHash: null, constructorArguments: null, ...overrides,
});

let harness: VerifyHarness;
beforeAll(async () => {
  harness = await startVerifyHarness();
  // Match ids 1 to 4: Storage first, as a partial match (its metadata differs), then three stored directly.
  expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageModifiedUpload() })).body.result[0].status).toBe('partial');
  harness.service.repository.save(stored({ address: address(2), creationMatch: null }), 'two');
  harness.service.repository.save(stored({ address: address(3), runtimeMatch: 'partial', creationMatch: 'partial', status: 'partial' }), 'three');
  harness.service.repository.save(stored({ address: address(4) }), 'four');
});
afterAll(async () => harness.close());

const list = async (query: string) => {
  const response = await fetch(`${harness.baseUrl}/v2/contracts/${query}`);
  return { status: response.status, body: await response.json() };
};
const matchIds = (body: { results: Array<{ matchId: string }> }) => body.results.map((r) => r.matchId);

describe('GET /v2/contracts/{chainId}', () => {
  it('lists the chain\'s verified contracts newest first, in Sourcify\'s minimal shape', async () => {
    const { status, body } = await list('31337');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['results']);
    expect(matchIds(body)).toEqual(['4', '3', '2', '1']);
    expect(body.results[1]).toEqual({ match: 'match', creationMatch: 'match', runtimeMatch: 'match', chainId: '31337', address: checksumAddress(address(3)), verifiedAt: expect.any(String), matchId: '3' });
    expect(body.results[2]).toMatchObject({ match: 'exact_match', creationMatch: null, runtimeMatch: 'exact_match' });
    expect(body.results[3]).toMatchObject({ match: 'match', runtimeMatch: 'match', address: CHECKSUMMED, matchId: '1' });
  });

  it('pages with limit and afterMatchId, newest first by default and oldest first with sort=asc', async () => {
    const first = (await list('31337?limit=3')).body;
    expect(matchIds(first)).toEqual(['4', '3', '2']);
    const next = (await list(`31337?limit=3&afterMatchId=${first.results.at(-1).matchId}`)).body;
    expect(matchIds(next)).toEqual(['1']);
    expect(matchIds((await list('31337?limit=2&afterMatchId=1&sort=asc')).body)).toEqual(['2', '3']);
    expect(matchIds((await list('31337?sort=asc')).body)).toEqual(['1', '2', '3', '4']);
    expect(matchIds((await list('31337?sort=desc&afterMatchId=1')).body)).toEqual([]);
  });

  it('gives the matchId the lookup and the verification job give, and keeps it when a better match replaces a contract', async () => {
    const before = (await (await fetch(`${harness.baseUrl}/v2/contract/31337/${ADDRESS}`)).json()).matchId;
    expect(before).toBe('1');
    const input = { language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings: JSON.parse(storageUpload()['metadata.json']!).settings };
    delete input.settings.compilationTarget;
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, {
      stdJsonInput: input, compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: 'project:/contracts/Storage.sol:Storage', creationTransactionHash: storageDeployment().txHash,
    });
    let job: any;
    do job = await (await fetch(`${harness.baseUrl}/v2/verify/${submitted.body.verificationId}`)).json();
    while (!job.isJobCompleted);
    expect(job.contract).toMatchObject({ match: 'exact_match', creationMatch: 'exact_match', matchId: '1' });
    const listed = (await list('31337?sort=asc&limit=1')).body.results[0];
    expect(listed).toMatchObject({ match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match', address: CHECKSUMMED, matchId: '1' });
    expect((await (await fetch(`${harness.baseUrl}/v2/contract/31337/${ADDRESS}`)).json()).matchId).toBe('1');
  });

  it.each([
    ['an unknown sort', '31337?sort=newest', 'request/query/sort must be equal to one of the allowed values: asc, desc'],
    ['a limit that is not a number', '31337?limit=ten', 'request/query/limit must be number'],
    ['a limit of 0', '31337?limit=0', 'request/query/limit must be >= 1'],
    ['a limit over 200', '31337?limit=201', 'request/query/limit must be <= 200'],
    ['a limit given twice', '31337?limit=1&limit=2', 'request/query/limit must be given once'],
    ['an afterMatchId that is not a match id', '31337?afterMatchId=abc', 'request/query/afterMatchId must be the matchId of a listed contract (a whole number), not "abc"'],
    ['a chain id that is not a number', 'mainnet', 'chainId must be a decimal chain id, not "mainnet"'],
  ])('answers %s with Sourcify\'s 400 invalid_parameter', async (_label, query, message) => {
    expect(await list(query)).toEqual({ status: 400, body: { customCode: 'invalid_parameter', message, errorId: expect.stringMatching(UUID) } });
  });

  it('answers a chain not known here 404 unsupported_chain, and lists a chain known from its stored contracts alone', async () => {
    expect(await list('5')).toEqual({ status: 404, body: { customCode: 'unsupported_chain', message: 'Chain 5 not found: this verifier knows chains 31337', errorId: expect.stringMatching(UUID) } });
    harness.service.repository.save(stored({ chainId: '298', address: address(7) }), 'elsewhere');
    expect(await list('298')).toEqual({ status: 200, body: { results: [expect.objectContaining({ chainId: '298', matchId: '5' })] } });
    expect(matchIds((await list('298?afterMatchId=5')).body)).toEqual([]);
  });
});
