import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { startVerifyApi, type RunningVerifyApi } from '../../../main/verify/start-verify-api.ts';
import { cachedCompilers, insertRow, postJson, STORAGE_VERSION, storageDeployment, storageUpload, tempDir } from '../verify-fixture.ts';

describe('verification API over the local mirror store (demo chain 298)', () => {
  let api: RunningVerifyApi;
  let store: LedgerStore;
  afterEach(async () => {
    await api?.close();
    store?.close();
  });

  it('verifies a contract whose bytecode is in the mirror store tables', async () => {
    const dataDir = tempDir();
    store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
    const deployment = storageDeployment();
    insertRow(store.db, 'entity', { id: 1001, num: 1001, type: 'CONTRACT', evm_address: Buffer.from(deployment.address.slice(2), 'hex') });
    insertRow(store.db, 'contract', { id: 1001, runtime_bytecode: Buffer.from(deployment.runtimeCode.replace(/^0x/, ''), 'hex') });
    api = await startVerifyApi({
      dataDir, port: 0, hostCheck: true, profileChainId: 298, mirrorDb: () => store.db, log: () => undefined,
      compilersDir: await cachedCompilers(STORAGE_VERSION), solcBinMirror: null,
    });
    const byAlias = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '298', files: storageUpload() });
    expect(byAlias.status).toBe(200);
    expect(byAlias.body.result[0]).toMatchObject({ chainId: '298', status: 'perfect' });
    const longZero = `0x${(1001).toString(16).padStart(40, '0')}`;
    const byLongZero = await postJson(`${api.url}/verify`, { address: longZero, chain: '298', files: storageUpload() });
    expect(byLongZero.body.result[0]).toMatchObject({ chainId: '298', status: 'perfect' });
    const other = await postJson(`${api.url}/verify`, { address: deployment.address, chain: '296', files: storageUpload() });
    expect(other).toMatchObject({ status: 400, body: { error: 'chain 296 is not supported here: configured chains are 298' } });
  });
});
