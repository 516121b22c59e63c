import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { DEMO_CHAIN, DEMO_VERSION, deployDemo, demoUpload, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';
import { postJson } from '../verify-fixture.ts';

// A client that sends no creation transaction (forge by default, the Verify screen left blank):
// the verifier looks it up in the mirror store, as Sourcify looks it up for the chain, so the
// creation code and its constructor arguments are matched too. forge's is_contract_verified
// wants creation and runtime both exact, or it submits again forever.

let harness: DemoHarness;
let token: DemoDeployment;
let poll: DemoDeployment;
let sessionToken: DemoDeployment;
let factoryChild: DemoDeployment;
let otherChild: DemoDeployment;
let aliased: DemoDeployment;
const ALIAS = `0x${'5e'.repeat(20)}`;

beforeAll(async () => {
  harness = await startDemoHarness();
  token = deployDemo(harness.store, 'DemoToken', 5001);
  poll = deployDemo(harness.store, 'Poll', 5002);
  sessionToken = deployDemo(harness.store, 'DemoToken', 5003);
  factoryChild = deployDemo(harness.store, 'DemoToken', 5004, { factory: true });
  otherChild = deployDemo(harness.store, 'DemoToken', 5005, { factory: true });
  aliased = deployDemo(harness.store, 'DemoToken', 5006, { evmAddress: ALIAS });
});
afterAll(async () => harness.close());

async function finishedJob(verificationId: string): Promise<any> {
  for (;;) {
    const job = await (await fetch(`${harness.baseUrl}/v2/verify/${verificationId}`)).json();
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the creation transaction, when the client sends none', () => {
  it('POST /verify finds it in the mirror store: creation matched, its arguments and hash kept', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: token.address, chain: DEMO_CHAIN, files: demoUpload('DemoToken') });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
    expect(harness.service.repository.get(DEMO_CHAIN, token.address)).toMatchObject({
      creationMatch: 'perfect', creatorTxHash: token.txHash, constructorArguments: token.constructorArgs,
    });
    const files = await (await fetch(`${harness.baseUrl}/files/any/${DEMO_CHAIN}/${token.address}`)).json() as { files: Array<{ name: string; content: string }> };
    expect(files.files).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'creator-tx-hash.txt', content: token.txHash }),
      expect.objectContaining({ name: 'constructor-args.txt', content: token.constructorArgs }),
    ]));
  }, 60_000);

  it('POST /v2/verify (standard JSON, forge\'s request) ends with creation and runtime both exact', async () => {
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/${DEMO_CHAIN}/${poll.address}`, {
      stdJsonInput: EXAMPLE_ARTIFACT.input, compilerVersion: DEMO_VERSION, contractIdentifier: 'Poll.sol:Poll',
    });
    expect(submitted.status).toBe(202);
    const job = await finishedJob(submitted.body.verificationId);
    expect(job.error).toBeUndefined();
    expect(job.contract).toMatchObject({ match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match' });
    const lookup = await (await fetch(`${harness.baseUrl}/v2/contract/${DEMO_CHAIN}/${poll.address}?fields=deployment`)).json();
    expect(lookup.deployment).toMatchObject({ transactionHash: poll.txHash });
    // forge asks again: both exact, so it is told the contract is verified and stops.
    const again = await postJson(`${harness.baseUrl}/v2/verify/${DEMO_CHAIN}/${poll.address}`, {
      stdJsonInput: EXAMPLE_ARTIFACT.input, compilerVersion: DEMO_VERSION, contractIdentifier: 'Poll.sol:Poll',
    });
    expect(again).toMatchObject({ status: 409, body: { customCode: 'already_verified' } });
  }, 60_000);

  it('a contract with an EVM alias is matched on its creation code at its long-zero address too', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: aliased.address, chain: DEMO_CHAIN, files: demoUpload('DemoToken') });
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
    expect(harness.service.repository.get(DEMO_CHAIN, aliased.address)).toMatchObject({ creatorTxHash: aliased.txHash });
  }, 60_000);

  it('a session\'s verify-checked with no hash matches the creation code too', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: demoUpload('DemoToken') });
    const cookie = added.setCookie!.split(';')[0]!;
    const verificationId = added.body.contracts.find((c: { name: string }) => c.name === 'DemoToken').verificationId;
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: sessionToken.address, chainId: DEMO_CHAIN }] }, cookie);
    expect(verified.body.contracts.find((c: { verificationId: string }) => c.verificationId === verificationId)).toMatchObject({ status: 'perfect', address: checksumAddress(sessionToken.address) });
    expect(harness.service.repository.get(DEMO_CHAIN, sessionToken.address)).toMatchObject({ creationMatch: 'perfect', creatorTxHash: sessionToken.txHash });
  }, 60_000);

  it('a contract with no creation transaction of its own (a factory\'s) is matched on its runtime code alone, as before', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: factoryChild.address, chain: DEMO_CHAIN, files: demoUpload('DemoToken') });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: not checked or no match' });
    expect(harness.service.repository.get(DEMO_CHAIN, factoryChild.address)).toMatchObject({ creationMatch: null, creatorTxHash: null, constructorArguments: null });
  }, 60_000);

  it('keeps no creator transaction that did not create the address, given or found (Sourcify keeps the one it read the creation code from)', async () => {
    // The factory's transaction, given by the client: it created the factory's child, not from its own input.
    const response = await postJson(`${harness.baseUrl}/verify`, { address: otherChild.address, chain: DEMO_CHAIN, creatorTxHash: otherChild.txHash, files: demoUpload('DemoToken') });
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: no match (the creator tx hash given is not this address\'s creation, or could not be read)' });
    expect(harness.service.repository.get(DEMO_CHAIN, otherChild.address)).toMatchObject({ creationMatch: null, creatorTxHash: null });
  }, 60_000);
});
