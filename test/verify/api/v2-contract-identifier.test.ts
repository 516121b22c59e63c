import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, STORAGE_VERSION, type VerifyHarness } from '../verify-fixture.ts';

// APIv2's contractIdentifier `path:Name` picks the file: two sources that both declare
// `contract Token` (with different code) are told apart by their paths, over real HTTP.

const TOKEN_A = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Token {\n  function id() external pure returns (uint256) { return 1; }\n}\n';
const TOKEN_B = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Token {\n  uint256 public supply = 42;\n}\n';
// As hardhat sends it: with the output selection of a real build.
const SETTINGS = { optimizer: { enabled: false, runs: 200 }, evmVersion: 'istanbul', outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'metadata'] } } };
const input = () => ({ language: 'Solidity', sources: { 'contracts/A.sol': { content: TOKEN_A }, 'contracts/B.sol': { content: TOKEN_B } }, settings: SETTINGS });

/** One deployment of each file's Token, at an address of its own. */
const DEPLOYED = { 'contracts/A.sol': `0x${'a1'.repeat(20)}`, 'contracts/B.sol': `0x${'b2'.repeat(20)}` } as const;
/** A.sol's Token once more, for a request naming a contract no file declares. */
const ANOTHER = `0x${'c3'.repeat(20)}`;
const DEPLOYER = `0x${'de'.repeat(20)}`;

let harness: VerifyHarness;
beforeAll(async () => {
  harness = await startVerifyHarness();
  const output = await harness.service.compiler.compile(STORAGE_VERSION, input()) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>> };
  for (const [path, address] of Object.entries(DEPLOYED)) {
    const { evm } = output.contracts[path]!.Token!;
    harness.chains.deploy('31337', { address, deployer: DEPLOYER, runtimeCode: `0x${evm.deployedBytecode.object}`, creationInput: `0x${evm.bytecode.object}`, txHash: `0x${address.slice(2, 4).repeat(32)}` });
  }
  const { evm } = output.contracts['contracts/A.sol']!.Token!;
  harness.chains.deploy('31337', { address: ANOTHER, deployer: DEPLOYER, runtimeCode: `0x${evm.deployedBytecode.object}`, creationInput: `0x${evm.bytecode.object}`, txHash: `0x${'c3'.repeat(32)}` });
});
afterAll(async () => harness.close());

async function verifyJob(address: string, contractIdentifier: string): Promise<any> {
  const { status, body } = await postJson(`${harness.baseUrl}/v2/verify/31337/${address}`, { stdJsonInput: input(), compilerVersion: STORAGE_VERSION, contractIdentifier });
  expect(status).toBe(202);
  for (;;) {
    const job = await (await fetch(`${harness.baseUrl}/v2/verify/${body.verificationId}`)).json();
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('POST /v2/verify with two sources declaring a contract of the same name', () => {
  it.each([
    ['contracts/B.sol', 'contracts/A.sol'],
    ['contracts/A.sol', 'contracts/B.sol'],
  ] as const)('compiles %s when it is identified, so it does not match the Token of %s', async (identified, deployedFrom) => {
    const address = DEPLOYED[deployedFrom];
    const job = await verifyJob(address, `${identified}:Token`);
    // The two Tokens' codes differ in length: lib-sourcify's bytecode_length_mismatch, as Sourcify reports it.
    expect(job.error).toMatchObject({ customCode: 'bytecode_length_mismatch' });
    expect(job.contract.match).toBeNull();
    expect(harness.service.repository.get('31337', address)).toBeNull();
  });

  it.each(['contracts/A.sol', 'contracts/B.sol'] as const)('verifies the Token of %s when that file is identified, and stores that file as compiled', async (path) => {
    const address = DEPLOYED[path];
    const job = await verifyJob(address, `${path}:Token`);
    expect(job.contract).toMatchObject({ match: 'exact_match', runtimeMatch: 'exact_match' });
    expect(harness.service.repository.get('31337', address)).toMatchObject({ name: 'Token', compiledPath: path });
    const lookup = await (await fetch(`${harness.baseUrl}/v2/contract/31337/${address}?fields=compilation.fullyQualifiedName`)).json();
    expect(lookup.compilation).toEqual({ fullyQualifiedName: `${path}:Token` });
  });

  it('ends the job with contract_not_found_in_compiler_output when the identified file declares no contract of that name', async () => {
    const job = await verifyJob(ANOTHER, 'contracts/A.sol:Supply');
    expect(job.error).toMatchObject({ customCode: 'contract_not_found_in_compiler_output', message: expect.stringContaining('contracts/A.sol declares no contract "Supply"') });
  });
});
