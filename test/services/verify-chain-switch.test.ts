import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { startVerifyApi, type RunningVerifyApi } from '../../main/verify/start-verify-api.ts';
import { cachedCompilers, insertRow, postJson, STORAGE_VERSION, storageDeployment, storageUpload, tempDir } from '../verify/verify-fixture.ts';

/** After a network switch, the chain read from the local mirror store is the open profile's. */
describe('verification follows the open profile', () => {
  let api: RunningVerifyApi | undefined;
  let store: LedgerStore | undefined;
  afterAll(async () => {
    await api?.close();
    store?.close();
  });

  it('answers the demo chain, then the chain of the profile switched to', async () => {
    const dataDir = tempDir();
    const db = new LedgerStore({ file: path.join(dataDir, 'profile.sqlite') });
    store = db;
    const deployment = storageDeployment();
    insertRow(db.db, 'entity', { id: 1001, num: 1001, type: 'CONTRACT', evm_address: Buffer.from(deployment.address.slice(2), 'hex') });
    insertRow(db.db, 'contract', { id: 1001, runtime_bytecode: Buffer.from(deployment.runtimeCode.replace(/^0x/, ''), 'hex') });
    let chainId = 298;
    api = await startVerifyApi({
      dataDir, port: 0, hostCheck: true, profileChainId: 298, currentChainId: () => chainId, mirrorDb: () => db.db, log: () => undefined,
      compilersDir: await cachedCompilers(STORAGE_VERSION), solcBinMirror: null,
    });
    expect(api.service.chains.supported()).toEqual(['298']);
    chainId = 296; // the app switched to testnet
    expect(api.service.chains.supported()).toEqual(['296']);
    const verified = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '296', files: storageUpload() });
    expect(verified.body.result[0]).toMatchObject({ chainId: '296', status: 'perfect' });
    const demo = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '298', files: storageUpload() });
    expect(demo).toMatchObject({ status: 400, body: { error: 'chain 298 is not supported here: configured chains are 296' } });
  }, 60_000);
});
