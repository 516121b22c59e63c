import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { serveStatic } from '../compilers/static-server.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

const API_KEY = 'TOPSECRETKEY123';

/** An Etherscan getsourcecode answer for the Storage fixture, as a standard JSON input ({{…}}). */
function etherscanAnswer(): string {
  const metadata = JSON.parse(storageUpload()['metadata.json']!);
  const { compilationTarget: _target, ...settings } = metadata.settings;
  const input = { language: 'Solidity', sources: { 'project:/contracts/Storage.sol': { content: storageUpload()['Storage.sol'] } }, settings };
  return JSON.stringify({
    status: '1', message: 'OK',
    result: [{ SourceCode: `{${JSON.stringify(input)}}`, ABI: '[]', ContractName: 'Storage', ContractFileName: 'project:/contracts/Storage.sol', CompilerVersion: 'v0.8.4+commit.c7e474f2', OptimizationUsed: '0', Runs: '200', ConstructorArguments: '', EVMVersion: 'Default', Library: '', LicenseType: '', Proxy: '0', Implementation: '', SwarmSource: '' }],
  });
}

describe('explorer import (Etherscan-compatible getsourcecode)', () => {
  let harness: VerifyHarness;
  let closeExplorer: () => Promise<void>;
  afterEach(async () => {
    await harness.close();
    await closeExplorer();
  });

  it('imports the verified source into the session, verifies it here, and never keeps the apiKey', async () => {
    const address = storageDeployment().address;
    const routes = new Map<string, string>([[`/api?module=contract&action=getsourcecode&address=${address}&apikey=${API_KEY}`, etherscanAnswer()]]);
    const explorer = await serveStatic(routes);
    closeExplorer = explorer.close;
    harness = await startVerifyHarness({ explorers: { '31337': `${explorer.url}/api` } });
    // Adding the compiled sources and verifying them is one request: the session's files are read once.
    const reads = vi.spyOn(harness.service.sessions, 'files');
    let response: Awaited<ReturnType<typeof postJson>>;
    try {
      response = await postJson(`${harness.baseUrl}/session/verify/explorer`, { address, chainId: '31337', apiKey: API_KEY });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect(response.body.error ?? '').toBe('');
    expect(response.status).toBe(200);
    expect(response.body.contracts).toEqual([expect.objectContaining({ name: 'Storage', address: checksumAddress(address), chainId: '31337', status: 'perfect' })]);
    harness.service.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of fs.readdirSync(harness.dataDir)) {
      expect(fs.readFileSync(path.join(harness.dataDir, file)).includes(API_KEY)).toBe(false);
    }
  });

  it('takes a form body naming the chain as chain, as the other v1 routes do', async () => {
    const address = storageDeployment().address;
    const explorer = await serveStatic(new Map([[`/api?module=contract&action=getsourcecode&address=${address}&apikey=${API_KEY}`, etherscanAnswer()]]));
    closeExplorer = explorer.close;
    harness = await startVerifyHarness({ explorers: { '31337': `${explorer.url}/api` } });
    const response = await fetch(`${harness.baseUrl}/session/verify/explorer`, { method: 'POST', body: new URLSearchParams({ address, chain: '31337', apiKey: API_KEY }) });
    const body = await response.json() as any;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.contracts).toEqual([expect.objectContaining({ name: 'Storage', chainId: '31337', status: 'perfect' })]);
  });

  it('answers clearly when the chain is not verified on here, no explorer is configured, or the explorer has no source, without echoing the key', async () => {
    const explorer = await serveStatic(new Map());
    closeExplorer = explorer.close;
    harness = await startVerifyHarness({ explorers: { '31337': `${explorer.url}/api` } });
    const unsupported = await postJson(`${harness.baseUrl}/session/verify/etherscan`, { address: storageDeployment().address, chainId: '1', apiKey: API_KEY });
    expect(unsupported).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^chain 1 is not supported here/) } });
    expect(explorer.requests).toEqual([]);
    const missing = await postJson(`${harness.baseUrl}/session/verify/explorer`, { address: storageDeployment().address, chainId: '31337', apiKey: API_KEY });
    expect(missing.status).toBe(502);
    expect(missing.body.error).toMatch(/the explorer at http:\/\/127\.0\.0\.1:\d+ answered HTTP 404/);
    expect(missing.body.error).not.toContain(API_KEY);
  });

  it('without an explorer for the chain, says so in the words of the other import routes', async () => {
    closeExplorer = async () => undefined;
    harness = await startVerifyHarness();
    const none = await postJson(`${harness.baseUrl}/session/verify/explorer`, { address: storageDeployment().address, chainId: '31337', apiKey: API_KEY });
    expect(none).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^No block explorer is configured for chain 31337, and this verifier works offline/) } });
    // Nothing was imported, so no session was opened: such calls cannot push out the sessions that hold files.
    expect(none.setCookie).toBeNull();
    expect(harness.service.db.prepare('SELECT count(*) AS n FROM verify_session').get()).toEqual({ n: 0 });
  });
});
