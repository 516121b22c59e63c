import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { DEMO_CHAIN, deployDemo, demoUpload, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';
import { postJson } from '../verify-fixture.ts';

// Sourcify's repository lists immutable-references.json for a contract whose runtime code holds
// immutables (getFiles), with the compiler's immutableReferences; the demo's DemoToken has two.

/**
 * The byte ranges of each immutable, without the AST ids that key them: ids depend on the sources
 * compiled together (the artifact compiled all four files, a metadata compile only the contract's).
 */
const ranges = (references: unknown) => Object.values(references as Record<string, unknown[]>).map((r) => JSON.stringify(r)).sort();

let harness: DemoHarness;
let token: DemoDeployment;
let poll: DemoDeployment;
let counter: DemoDeployment;

beforeAll(async () => {
  harness = await startDemoHarness();
  token = deployDemo(harness.store, 'DemoToken', 6001);
  poll = deployDemo(harness.store, 'Poll', 6002);
  counter = deployDemo(harness.store, 'Counter', 6003);
  for (const [name, deployment] of [['DemoToken', token], ['Poll', poll], ['Counter', counter]] as const) {
    const response = await postJson(`${harness.baseUrl}/verify`, { address: deployment.address, chain: DEMO_CHAIN, files: demoUpload(name) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
}, 60_000);
afterAll(async () => harness.close());

describe('immutable-references.json in the repository', () => {
  it('is among the files of /files/any with the compiler\'s immutable references', async () => {
    const listed = await (await fetch(`${harness.baseUrl}/files/any/${DEMO_CHAIN}/${token.address}`)).json() as { files: Array<{ name: string; path: string; content: string }> };
    const file = listed.files.find((f) => f.name === 'immutable-references.json');
    expect(file?.path).toBe(`contracts/full_match/${DEMO_CHAIN}/${checksumAddress(token.address)}/immutable-references.json`);
    expect(ranges(JSON.parse(file!.content))).toEqual(ranges(EXAMPLE_ARTIFACT.contracts.DemoToken.immutableReferences));
    expect(Object.keys(JSON.parse(file!.content))).toHaveLength(2); // decimals and minter
  });

  it('is listed by /files/tree/any, and its URL serves it as JSON', async () => {
    const tree = await (await fetch(`${harness.baseUrl}/files/tree/any/${DEMO_CHAIN}/${poll.address}`)).json() as { files: string[] };
    const url = tree.files.find((u) => u.endsWith('/immutable-references.json'));
    expect(url).toBeDefined();
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ranges(await response.json())).toEqual(ranges(EXAMPLE_ARTIFACT.contracts.Poll.immutableReferences));
  });

  it('is not listed for a contract without immutables, whose compiler output names none ({})', async () => {
    expect(EXAMPLE_ARTIFACT.contracts.Counter.immutableReferences).toEqual({});
    expect(harness.service.repository.get(DEMO_CHAIN, counter.address)).toMatchObject({ name: 'Counter', immutableReferences: null });
    const listed = await (await fetch(`${harness.baseUrl}/files/any/${DEMO_CHAIN}/${counter.address}`)).json() as { files: Array<{ name: string }> };
    expect(listed.files.map((f) => f.name)).toContain('metadata.json');
    expect(listed.files.map((f) => f.name)).not.toContain('immutable-references.json');
  });
});
