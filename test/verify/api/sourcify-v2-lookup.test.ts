import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify APIv2's contract lookup, GET /v2/contract/{chainId}/{address}, over real HTTP.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = `0x${'12'.repeat(20)}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let harness: VerifyHarness;
beforeAll(async () => {
  harness = await startVerifyHarness();
  const { body } = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload(), creatorTxHash: storageDeployment().txHash });
  expect(body.result[0].status).toBe('perfect');
});
afterAll(async () => harness.close());

const lookup = async (path: string) => {
  const response = await fetch(`${harness.baseUrl}/v2/contract/${path}`);
  return { status: response.status, body: await response.json() };
};
const MINIMAL = ['match', 'creationMatch', 'runtimeMatch', 'chainId', 'address', 'verifiedAt', 'matchId'];

describe('GET /v2/contract', () => {
  it('answers a contract not verified here 404 with the lookup itself, every match null (what hardhat-verify reads)', async () => {
    expect(await lookup(`31337/${OTHER}`)).toEqual({
      status: 404,
      body: { match: null, creationMatch: null, runtimeMatch: null, chainId: '31337', address: '0x1212121212121212121212121212121212121212' },
    });
  });

  it('answers a verified contract with the minimal fields by default', async () => {
    const { status, body } = await lookup(`31337/${ADDRESS}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...MINIMAL].sort());
    expect(body).toMatchObject({ match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match', chainId: '31337', address: CHECKSUMMED });
  });

  it('answers fields=all with every field, from the stored metadata and sources where this verifier has them', async () => {
    const { body } = await lookup(`31337/${ADDRESS}?fields=all`);
    const metadata = JSON.parse(storageUpload()['metadata.json']!);
    expect(body.abi).toEqual(metadata.output.abi);
    expect(body.metadata).toEqual(metadata);
    expect(body.sources).toEqual({ 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } });
    expect(body.compilation).toEqual({
      language: 'Solidity', compiler: 'solc', compilerVersion: '0.8.4+commit.c7e474f2', name: 'Storage',
      fullyQualifiedName: 'project:/contracts/Storage.sol:Storage',
      compilerSettings: { evmVersion: 'istanbul', libraries: {}, metadata: { bytecodeHash: 'ipfs' }, optimizer: { enabled: false, runs: 200 }, remappings: [] },
    });
    expect(body.stdJsonInput).toEqual({ language: 'Solidity', sources: body.sources, settings: body.compilation.compilerSettings });
    expect(body.deployment).toEqual({ transactionHash: storageDeployment().txHash, blockNumber: null, transactionIndex: null, deployer: null });
    expect(body.signatures.function).toContainEqual({ signature: 'retrieve()', signatureHash32: expect.stringMatching(/^0x2e64cec1[0-9a-f]{56}$/), signatureHash4: '0x2e64cec1' });
    expect(body.storageLayout).toBeNull();
    expect(body.proxyResolution.proxyResolutionError).toMatchObject({ customCode: 'proxy_resolution_error', errorId: expect.stringMatching(UUID) });
  });

  it('answers a list of fields and group.subfields, and omit= leaves fields out of all', async () => {
    const some = (await lookup(`31337/${ADDRESS}?fields=abi,compilation.name`)).body;
    expect(Object.keys(some).sort()).toEqual([...MINIMAL, 'abi', 'compilation'].sort());
    expect(some.compilation).toEqual({ name: 'Storage' });
    const omitted = (await lookup(`31337/${ADDRESS}?omit=sources,stdJsonInput,compilation.compilerSettings`)).body;
    expect(omitted).not.toHaveProperty('sources');
    expect(omitted).not.toHaveProperty('stdJsonInput');
    expect(omitted).toHaveProperty('abi');
    expect(omitted.compilation).toEqual({ language: 'Solidity', compiler: 'solc', compilerVersion: '0.8.4+commit.c7e474f2', name: 'Storage', fullyQualifiedName: 'project:/contracts/Storage.sol:Storage' });
  });

  it.each([
    ['an unknown field', 'fields=abi,nope', 'Field selector nope is not a valid field'],
    ['an unknown subfield', 'fields=compilation.nope', 'Field selector compilation.nope is not a valid field'],
    ['an unknown field to omit', 'omit=nope', 'Field selector nope is not a valid field'],
    ['fields and omit together', 'fields=abi&omit=sources', 'Cannot specify both fields and omit'],
    ["'all' with other fields", 'fields=all,abi', "Cannot specify 'all' with other fields"],
    ['a selector two levels deep', 'fields=compilation.name.x', 'Field selector cannot have more than one level subselectors: compilation.name.x'],
    ['fields given twice', 'fields=abi&fields=sources', 'fields must be given once, as a comma-separated list'],
  ])('answers %s with Sourcify\'s 400 invalid_parameter', async (_label, query, message) => {
    expect(await lookup(`31337/${ADDRESS}?${query}`)).toEqual({ status: 400, body: { customCode: 'invalid_parameter', message, errorId: expect.stringMatching(UUID) } });
  });

  it('checks the chain and the address first: an unknown chain is 404 unsupported_chain, a malformed or miss-checksummed address 400', async () => {
    expect(await lookup(`1/${ADDRESS}`)).toEqual({ status: 404, body: { customCode: 'unsupported_chain', message: 'Chain 1 not found: this verifier knows chains 31337', errorId: expect.stringMatching(UUID) } });
    expect(await lookup('31337/0x12')).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message: 'Invalid address: 0x12' } });
    const typo = CHECKSUMMED.replace('F', 'f');
    expect(await lookup(`31337/${typo}`)).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message: `Invalid address: ${typo}` } });
    expect((await lookup(`31337/${ADDRESS.toUpperCase().replace('0X', '0x')}`)).status).toBe(200);
  });
});
