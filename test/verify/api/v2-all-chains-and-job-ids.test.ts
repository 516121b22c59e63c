import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify APIv2's GET /v2/contract/all-chains/{address}, and job ids read in any case by
// GET /v2/verify/{verificationId}, over real HTTP on loopback.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = checksumAddress(ADDRESS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('APIv2 lookups across chains and job ids (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  beforeEach(async () => { harness = await startVerifyHarness(); });
  afterEach(async () => harness.close());

  it('answers GET /v2/contract/all-chains/{address} with the contract on each chain it is verified on, 404 with no results otherwise', async () => {
    // The same deployment on chains 298 and 1000 too (the registry reads the harness's rpcUrls
    // object): ids whose numeric order ('298' before '1000') is not their order as text.
    for (const chain of ['298', '1000']) harness.rpcUrls[chain] = harness.chains.deploy(chain, storageDeployment());
    for (const chain of ['31337', '1000', '298']) {
      expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain, files: storageUpload() })).body.result[0].status).toBe('perfect');
    }
    for (const written of [CHECKSUMMED, ADDRESS]) {
      const response = await fetch(`${harness.baseUrl}/v2/contract/all-chains/${written}`);
      expect(response.status).toBe(200);
      const { results } = await response.json() as { results: Array<Record<string, unknown>> };
      expect(results.map((r) => r.chainId)).toEqual(['298', '1000', '31337']);
      for (const result of results) {
        const stored = harness.service.repository.get(result.chainId as string, ADDRESS)!;
        expect(result).toEqual({ match: 'exact_match', creationMatch: null, runtimeMatch: 'exact_match', chainId: stored.chainId, address: CHECKSUMMED, verifiedAt: stored.verifiedAt, matchId: stored.matchId });
      }
    }

    const nowhere = await fetch(`${harness.baseUrl}/v2/contract/all-chains/0x${'ab'.repeat(20)}`);
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toEqual({ results: [] });
    const bad = await fetch(`${harness.baseUrl}/v2/contract/all-chains/0x1234`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ customCode: 'invalid_parameter', message: 'Invalid address: 0x1234' });
  });

  it('finds a verification job by its id written in upper or mixed case, as Sourcify does', async () => {
    const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
    const stdJsonInput = { language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings };
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, { stdJsonInput, compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: 'project:/contracts/Storage.sol:Storage' });
    const id = submitted.body.verificationId as string;
    expect(id).toMatch(UUID);
    const mixed = id.split('').map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join('');
    for (const written of [id.toUpperCase(), mixed]) {
      const response = await fetch(`${harness.baseUrl}/v2/verify/${written}`);
      expect(response.status, written).toBe(200);
      expect(await response.json(), written).toMatchObject({ verificationId: id, contract: { chainId: '31337', address: CHECKSUMMED } });
    }
    const unknown = await fetch(`${harness.baseUrl}/v2/verify/${'AB'.repeat(4)}-0000-4000-8000-${'0'.repeat(12)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ customCode: 'job_not_found' });
    expect((await fetch(`${harness.baseUrl}/v2/verify/not-a-uuid`)).status).toBe(400);
  });
});
