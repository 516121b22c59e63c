import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeEvmChains } from '../../../main/conformance/verify/fake-evm-chain.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { ChainAccessError } from '../../../main/verify/chain/deployed-code.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { RpcCodeSource } from '../../../main/verify/chain/rpc-code-source.ts';
import { insertRow, storageDeployment, tempDir } from '../verify-fixture.ts';

describe('deployed code sources', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('reads runtime code and the creation transaction over JSON-RPC', async () => {
    const chains = new FakeEvmChains();
    await chains.start();
    cleanups.push(() => chains.stop());
    const deployment = storageDeployment();
    const source = new RpcCodeSource(chains.deploy('1', deployment));
    expect(await source.runtimeCode(deployment.address)).toBe(deployment.runtimeCode.toLowerCase());
    expect(await source.runtimeCode('0x' + '00'.repeat(20))).toBe('0x');
    expect(await source.creationTx(deployment.txHash)).toMatchObject({ input: deployment.creationInput.toLowerCase(), contractAddress: deployment.address, from: deployment.deployer, blockNumber: 1, txIndex: 0 });
    expect(await source.creationTx(`0x${'99'.repeat(32)}`)).toBeNull();
  });

  it('says which endpoint cannot be reached, without its path (it may hold a key)', async () => {
    const source = new RpcCodeSource('http://127.0.0.1:9/secret-key-path', 2000);
    const error = await source.runtimeCode('0x' + '00'.repeat(20)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainAccessError);
    expect((error as Error).message).toMatch(/http:\/\/127\.0\.0\.1:9 cannot be reached/);
    expect((error as Error).message).not.toContain('secret-key-path');
  });

  it('reads deployed code from the mirror store tables (entity, contract, contract_result)', async () => {
    const store = new LedgerStore({ file: path.join(tempDir(), 'demo.sqlite') });
    cleanups.push(() => store.close());
    const deployment = storageDeployment();
    const db = store.db;
    const source = new MirrorCodeSource(() => db);
    const insert = (table: string, values: Record<string, unknown>) => insertRow(db, table, values);
    const creation = Buffer.from(deployment.creationInput.replace(/^0x/, ''), 'hex');
    insert('entity', { id: 1001, num: 1001, type: 'CONTRACT', evm_address: Buffer.from(deployment.address.slice(2), 'hex') });
    insert('contract', { id: 1001, runtime_bytecode: Buffer.from(deployment.runtimeCode.replace(/^0x/, ''), 'hex'), initcode: creation });
    insert('contract_result', { consensus_timestamp: 1, contract_id: 1001, transaction_hash: Buffer.from(deployment.txHash.slice(2), 'hex'), sender_id: 2, function_parameters: Buffer.alloc(0) });
    expect(await source.runtimeCode(deployment.address)).toBe(deployment.runtimeCode.toLowerCase());
    expect(await source.runtimeCode(`0x${(1001).toString(16).padStart(40, '0')}`)).toBe(deployment.runtimeCode.toLowerCase());
    expect(await source.creationTx(deployment.txHash)).toMatchObject({ input: `0x${creation.toString('hex')}`, contractAddress: deployment.address });
  });
});
