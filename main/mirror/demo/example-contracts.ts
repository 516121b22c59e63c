import artifactJson from './contracts/example-contracts.json' with { type: 'json' };
import type { ExampleArtifact, ExampleName } from './contracts/example-artifact.ts';
import { encodeAbi, type AbiValue } from './evm/abi.ts';

/** The compiled example contracts shipped with the app (see contracts/README.md). */
export const EXAMPLE_ARTIFACT = artifactJson as unknown as ExampleArtifact;

const BYTECODE = new Map((Object.keys(EXAMPLE_ARTIFACT.contracts) as ExampleName[]).map((name) => {
  const contract = EXAMPLE_ARTIFACT.contracts[name];
  return [name, { creation: Buffer.from(contract.bytecode, 'hex'), runtime: Buffer.from(contract.deployedBytecode, 'hex') }];
}));

export interface ExampleDeployment {
  name: ExampleName;
  /** The compiler's creation bytecode, as `contract.initcode` holds it. */
  creationCode: Buffer;
  /** ABI-encoded constructor arguments, appended to the creation code in the create transaction. */
  constructorArgs: Buffer;
  /** The code the deployment leaves at the address: the runtime with its immutables written in. */
  runtimeCode: Buffer;
}

/**
 * What deploying an example would produce. The constructor's effect on code is only the
 * immutables: each named value (a 32-byte word) is written at every place the compiler
 * reserved for it, exactly as the EVM's RETURN of the creation code would leave them.
 */
export function deployExample(name: ExampleName, args: readonly AbiValue[], immutables: Readonly<Record<string, Buffer>>): ExampleDeployment {
  const contract = EXAMPLE_ARTIFACT.contracts[name];
  const code = BYTECODE.get(name)!;
  const runtimeCode = Buffer.from(code.runtime);
  for (const [id, ranges] of Object.entries(contract.immutableReferences)) {
    const immutable = contract.immutableNames[id]!;
    const word = immutables[immutable];
    if (!word || word.length !== 32) throw new Error(`${name}: no 32-byte value for immutable ${immutable}`);
    for (const { start, length } of ranges) word.copy(runtimeCode, start, 32 - length);
  }
  return { name, creationCode: code.creation, constructorArgs: encodeAbi(args), runtimeCode };
}
