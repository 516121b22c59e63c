import fs from 'node:fs';
import { createEVM } from '@ethereumjs/evm';
import { createAddressFromString, createZeroAddress } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_URL, compileExamples, METADATA_DIR_URL, type ExampleName } from '../../../main/mirror/demo/contracts/example-artifact.ts';
import { counterSim, pollSim, tokenSim, type ExampleSim } from '../../../main/mirror/demo/contract-sims.ts';
import { deployExample, EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { Prng } from '../../../main/mirror/demo/prng.ts';

describe('the shipped example contracts', () => {
  it('are compiled by the bundled solc into exactly the committed artifact', () => {
    const committed = fs.readFileSync(ARTIFACT_URL, 'utf8');
    expect(compileExamples() === committed, 'example-contracts.json is stale: run node main/mirror/demo/contracts/compile-examples.ts').toBe(true);
    expect(EXAMPLE_ARTIFACT.compiler.version).toMatch(/^0\.8\.\d+\+commit\.[0-9a-f]{8}$/);
    expect(JSON.parse(EXAMPLE_ARTIFACT.contracts.DemoToken.metadata).compiler.version).toBe(EXAMPLE_ARTIFACT.compiler.version);
  }, 60_000);

  it('ship each contract\'s metadata next to the sources, as the artifact has it', () => {
    for (const [name, contract] of Object.entries(EXAMPLE_ARTIFACT.contracts)) {
      expect(fs.readFileSync(new URL(`${name}.json`, METADATA_DIR_URL), 'utf8'), `metadata/${name}.json is stale`).toBe(contract.metadata);
    }
  });

  // The generator writes immutables into the runtime code itself; an EVM running the creation
  // code with the same sender and block time must return exactly that code.
  const creator = { num: 4321, address: Buffer.from('00000000000000000000000000000000000010e1', 'hex'), ethereum: false };
  const sims: Record<ExampleName, () => ExampleSim> = {
    Counter: () => counterSim(creator),
    DemoToken: () => tokenSim(creator, new Prng(7)),
    Poll: () => pollSim(1_750_000_000.4, new Prng(9)),
  };
  for (const [name, makeSim] of Object.entries(sims) as Array<[ExampleName, () => ExampleSim]>) {
    it(`${name}: the demo's runtime code equals what the EVM deploys`, async () => {
      const sim = makeSim();
      const deployment = deployExample(name, sim.constructorArgs, sim.immutables);
      const evm = await createEVM();
      const result = await evm.runCall({
        caller: createAddressFromString(`0x${creator.address.toString('hex')}`),
        data: Buffer.concat([deployment.creationCode, deployment.constructorArgs]),
        gasLimit: 10_000_000n,
        block: { header: { number: 1n, coinbase: createZeroAddress(), timestamp: 1_750_000_000n, difficulty: 0n, prevRandao: new Uint8Array(32), gasLimit: 30_000_000n, baseFeePerGas: 0n, getBlobGasPrice: () => 0n } } as never,
      });
      expect(result.execResult.exceptionError).toBeUndefined();
      expect(Buffer.from(result.execResult.returnValue).toString('hex')).toBe(deployment.runtimeCode.toString('hex'));
      // The constructor's storage writes match the simulation's.
      sim.deploy();
      const changes = sim.storage.finish(1n, false);
      for (const change of changes) {
        const stored = await evm.stateManager.getStorage(result.createdAddress!, change.slot);
        expect(Buffer.from(stored).toString('hex').replace(/^0+/, '')).toBe(change.written!.toString('hex').replace(/^0+/, ''));
      }
      expect(result.execResult.logs?.length ?? 0).toBe(name === 'DemoToken' ? 1 : 0);
    }, 60_000);
  }
});
