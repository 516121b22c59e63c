import { afterEach, describe, expect, it } from 'vitest';
import { listedChains } from '../../../main/verify/api/server-info-routes.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// Sourcify's GET /health and GET /chains (its UI loads its chain list from the latter), over real
// HTTP on loopback.

describe('GET /health and GET /chains (real HTTP on loopback)', () => {
  let harness: VerifyHarness;
  afterEach(async () => harness.close());

  it('answers /health as Sourcify does: 200, plain text', async () => {
    harness = await startVerifyHarness();
    const response = await fetch(`${harness.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Alive and kicking!');
  });

  it('lists the chains known here, supported when verification is configured for them now, without RPC or explorer URLs', async () => {
    // A key may sit anywhere in an explorer's URL: in its path as well as its query or user info.
    harness = await startVerifyHarness({ explorers: { '31337': 'https://user:pass@explorer.example/v2/PATHKEY/api?apikey=SECRETKEY' } });
    // Storage verified on chain 298, which is then no longer configured (another network profile's
    // chain): known from the repository only. The registry reads the same rpcUrls object.
    harness.rpcUrls['298'] = harness.chains.deploy('298', storageDeployment());
    expect((await postJson(`${harness.baseUrl}/verify`, { address: storageDeployment().address, chain: '298', files: storageUpload() })).body.result[0].status).toBe('perfect');
    delete harness.rpcUrls['298'];

    const response = await fetch(`${harness.baseUrl}/chains`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual([
      { name: 'Hedera Localnet', title: 'Hedera Localnet', chainId: 298, rpc: [], supported: false, etherscanAPI: false },
      { name: 'Chain 31337', title: 'Chain 31337', chainId: 31337, rpc: [], supported: true, etherscanAPI: true },
    ]);
    expect(text).not.toContain(new URL(harness.rpcUrls['31337']!).host);
    expect(text).not.toContain('SECRETKEY');
    expect(text).not.toContain('pass');
    expect(text).not.toContain('PATHKEY');
    expect(text).not.toContain('explorer.example');
  });

  it('names the Hedera chains as Sourcify\'s Hedera configuration does', async () => {
    harness = await startVerifyHarness();
    expect(listedChains(harness.service, ['295', '296', '297', '298']).map((chain) => [chain.chainId, chain.name])).toEqual([
      [295, 'Hedera Mainnet'], [296, 'Hedera Testnet'], [297, 'Hedera Previewnet'], [298, 'Hedera Localnet'],
    ]);
  });
});
