import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VerificationJobs } from '../../../main/verify/api/verification-jobs.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// What a failed APIv2 job says, as Sourcify says it: lib-sourcify's own error code (not one code
// for every refusal), and for a failed match the bytecodes it compared, kept with the job.

const ADDRESS = storageDeployment().address;
const SOURCE = 'project:/contracts/Storage.sol';
const storageSource = () => storageUpload()['Storage.sol']!;

function input(source = storageSource()): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return { language: 'Solidity', sources: { [SOURCE]: { content: source } }, settings };
}
const body = (changes: Record<string, unknown> = {}) => ({ stdJsonInput: input(), compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: `${SOURCE}:Storage`, ...changes });

describe('APIv2 job errors', () => {
  let harness: VerifyHarness;
  beforeEach(async () => {
    harness = await startVerifyHarness();
  });
  afterEach(async () => harness.close());

  async function job(request: Record<string, unknown>): Promise<any> {
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, request);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    for (;;) {
      const state = await (await fetch(`${harness.baseUrl}/v2/verify/${submitted.body.verificationId}`)).json();
      if (state.isJobCompleted) return state;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it.each([
    ['a short version', '0.8.4'],
    ['a version that is no version', 'latest'],
  ])('names %s invalid_compiler_version, not contract_not_found_in_compiler_output', async (_label, compilerVersion) => {
    const done = await job(body({ compilerVersion }));
    expect(done.error).toMatchObject({ customCode: 'invalid_compiler_version', message: expect.stringContaining('expected a long version such as 0.8.4+commit.c7e474f2') });
  });

  it('refuses settings that are not an object at once (400 invalid_parameter), instead of a job named after the compiler output', async () => {
    const refused = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, body({ stdJsonInput: { ...input(), settings: 5 } }));
    expect(refused).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter', message: 'The settings of the standard JSON input must be a JSON object.' } });
  });

  it('reports lib-sourcify\'s code for a failed match, with the bytecodes it compared', async () => {
    // One more operation: the recompiled code is longer than the deployed one.
    const done = await job(body({ stdJsonInput: input(storageSource().replace('number = num;', 'number = num + 1;')) }));
    expect(done.error).toMatchObject({
      customCode: 'bytecode_length_mismatch',
      onchainRuntimeCode: storageDeployment().runtimeCode.toLowerCase(),
      recompiledRuntimeCode: expect.stringMatching(/^0x[0-9a-f]+$/),
      recompiledCreationCode: expect.stringMatching(/^0x[0-9a-f]+$/),
    });
    expect(done.error.recompiledRuntimeCode.length).toBeGreaterThan(done.error.onchainRuntimeCode.length);
    expect(done.contract.match).toBeNull();
  });

  it('keeps the creation code and transaction of a failed match when the creation was fetched, and keeps them with the job in the store', async () => {
    // Another function name of the same length: same code length, other selector, so neither bytecode matches.
    const renamed = storageSource().replace('function store(', 'function stora(');
    const deployment = storageDeployment();
    const done = await job(body({ stdJsonInput: input(renamed), creationTransactionHash: deployment.txHash }));
    expect(done.error).toMatchObject({
      customCode: 'no_match',
      onchainRuntimeCode: deployment.runtimeCode.toLowerCase(),
      onchainCreationCode: deployment.creationInput.toLowerCase(),
      creationTransactionHash: deployment.txHash,
      recompiledRuntimeCode: expect.stringMatching(/^0x[0-9a-f]+$/),
      recompiledCreationCode: expect.stringMatching(/^0x[0-9a-f]+$/),
    });
    // Read back from the verification database as another process would after a restart.
    expect(new VerificationJobs(harness.service.db).get(done.verificationId)?.error).toEqual(done.error);
  });
});
