import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { DEMO_CHAIN, deployDemo, demoSource, demoUpload, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';
import { postJson } from '../verify-fixture.ts';

// hardhat-verify 2.x sends metadata.json, the target's source and its linked libraries only, not
// the files they import. Sourcify fetches those from IPFS; offline, this verifier takes them from
// the sources it has verified already (by the keccak256 the metadata gives), else says what to send.
// Each test has a verifier of its own: what it holds is what the test verified there.

let harness: DemoHarness;
let polls: DemoDeployment[];

beforeEach(async () => {
  harness = await startDemoHarness();
  polls = [8001, 8002, 8003].map((id) => deployDemo(harness.store, 'Poll', id));
});
afterEach(async () => harness.close());

/** What hardhat-verify 2.x uploads for Poll: its metadata and Poll.sol, not the VoteMath.sol it imports. */
const hardhatFiles = () => ({ 'metadata.json': EXAMPLE_ARTIFACT.contracts.Poll.metadata, 'Poll.sol': demoSource('Poll.sol') });

async function metadataJob(address: string, sources: Record<string, string>): Promise<any> {
  const submitted = await postJson(`${harness.baseUrl}/v2/verify/metadata/${DEMO_CHAIN}/${address}`, { metadata: JSON.parse(EXAMPLE_ARTIFACT.contracts.Poll.metadata), sources });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
  for (;;) {
    const job = await (await fetch(`${harness.baseUrl}/v2/verify/${submitted.body.verificationId}`)).json();
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('sources the request leaves out', () => {
  it('with none verified here: names the missing file and says IPFS cannot be reached offline', async () => {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: polls[0]!.address, chain: DEMO_CHAIN, files: hardhatFiles() });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^missing sources for Poll: VoteMath\.sol\. /);
    expect(response.body.error).toMatch(/works offline, so it cannot fetch VoteMath\.sol from IPFS/);
    expect(response.body.error).toMatch(/send every source file the metadata lists/);
    const job = await metadataJob(polls[0]!.address, { 'Poll.sol': demoSource('Poll.sol') });
    expect(job.error).toMatchObject({ customCode: 'missing_source', message: expect.stringContaining('VoteMath.sol') });
  }, 60_000);

  it('are taken from the sources verified here: a second deployment verifies from hardhat-verify\'s upload', async () => {
    const first = await postJson(`${harness.baseUrl}/verify`, { address: polls[0]!.address, chain: DEMO_CHAIN, files: demoUpload('Poll') });
    expect(first.body.result[0]).toMatchObject({ status: 'perfect' });

    const second = await postJson(`${harness.baseUrl}/verify`, { address: polls[1]!.address, chain: DEMO_CHAIN, files: hardhatFiles() });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
    // Stored with the very file the metadata names, as if it had been sent.
    expect(harness.service.repository.files(DEMO_CHAIN, polls[1]!.address)?.sources['VoteMath.sol']).toBe(demoSource('VoteMath.sol'));

    const job = await metadataJob(polls[2]!.address, { 'Poll.sol': demoSource('Poll.sol') });
    expect(job.error).toBeUndefined();
    expect(job.contract).toMatchObject({ match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: 'exact_match' });
  }, 60_000);

  it('a file sent under that name with other content, none verified here: the request is told it differs', async () => {
    const edited = { ...hardhatFiles(), 'VoteMath.sol': `${demoSource('VoteMath.sol')}\n// edited\n` };
    const response = await postJson(`${harness.baseUrl}/verify`, { address: polls[0]!.address, chain: DEMO_CHAIN, files: edited });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^missing sources for Poll: VoteMath\.sol\. The content sent for VoteMath\.sol is not the file the metadata names/);
    expect(response.body.error).not.toMatch(/IPFS/);
  }, 60_000);

  it('a file sent under that name with other content, the very file verified here: filled as Sourcify would fetch it', async () => {
    const first = await postJson(`${harness.baseUrl}/verify`, { address: polls[0]!.address, chain: DEMO_CHAIN, files: demoUpload('Poll') });
    expect(first.body.result[0]).toMatchObject({ status: 'perfect' });
    const edited = { ...hardhatFiles(), 'VoteMath.sol': `${demoSource('VoteMath.sol')}\n// edited\n` };
    const response = await postJson(`${harness.baseUrl}/verify`, { address: polls[1]!.address, chain: DEMO_CHAIN, files: edited });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(harness.service.repository.files(DEMO_CHAIN, polls[1]!.address)?.sources['VoteMath.sol']).toBe(demoSource('VoteMath.sol'));
  }, 60_000);

  it('a session shows such a source as found, not missing, and verifies without it', async () => {
    const first = await postJson(`${harness.baseUrl}/verify`, { address: polls[0]!.address, chain: DEMO_CHAIN, files: demoUpload('Poll') });
    expect(first.body.result[0]).toMatchObject({ status: 'perfect' });

    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: hardhatFiles() });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [poll] = added.body.contracts;
    expect(poll.files).toEqual({ found: ['Poll.sol', 'VoteMath.sol'], missing: [] });
    const cookie = added.setCookie!.split(';')[0]!;
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: poll.verificationId, address: polls[1]!.address, chainId: DEMO_CHAIN }] }, cookie);
    expect(verified.body.contracts[0]).toMatchObject({ status: 'perfect', files: { missing: [] } });
  }, 60_000);
});
