import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { DEMO_CHAIN, deployDemo, demoSource, demoUpload, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';

// What POST /verify (v1) says must be what happened: a stored copy used in place of an edited
// upload, a creation tx hash that did not create the address, and a creation tx hash given for a
// match stored without its creation bytecode (checked now, not answered from the store).

let harness: DemoHarness;
let counters: DemoDeployment[];

beforeEach(async () => {
  harness = await startDemoHarness();
  counters = [8201, 8202].map((id) => deployDemo(harness.store, 'Counter', id));
});
afterEach(async () => harness.close());

/** The upload as curl -F sends it: multipart, the fields and one part per file. */
async function postVerify(fields: Record<string, string>, files: Record<string, string>): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, content] of Object.entries(files)) form.append('files', new Blob([content]), name);
  const response = await fetch(`${harness.baseUrl}/verify`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

const counterFiles = () => ({ 'metadata.json': EXAMPLE_ARTIFACT.contracts.Counter.metadata, 'Counter.sol': demoSource('Counter.sol') });

describe('POST /verify messages', () => {
  it('says when the stored copy of a source stood in for an edited upload', async () => {
    const first = await postVerify({ address: counters[0]!.address, chain: DEMO_CHAIN }, demoUpload('Counter'));
    expect(first.body.result[0], JSON.stringify(first.body)).toMatchObject({ status: 'perfect' });

    const edited = { ...counterFiles(), 'Counter.sol': `${demoSource('Counter.sol')}\n// edited after compiling\n` };
    const second = await postVerify({ address: counters[1]!.address, chain: DEMO_CHAIN }, edited);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result[0]).toMatchObject({
      status: 'perfect',
      message: 'runtime bytecode: perfect; creation bytecode: perfect; matched with the stored copy of Counter.sol (verified here before), not with the uploaded Counter.sol: its keccak256 is not the one the metadata names',
    });
  }, 60_000);

  it('says no more than the matches when the upload is the very source', async () => {
    const response = await postVerify({ address: counters[0]!.address, chain: DEMO_CHAIN }, counterFiles());
    expect(response.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
  }, 60_000);

  it('names a creator tx hash that did not create the code, and checks the creation code once the right one is given', async () => {
    const target = counters[1]!;
    // Another deployment's creation: a real transaction, not this address's.
    const wrong = await postVerify({ address: target.address, chain: DEMO_CHAIN, creatorTxHash: counters[0]!.txHash }, counterFiles());
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    expect(wrong.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: no match (the creator tx hash given is not this address\'s creation, or could not be read)' });
    expect(harness.service.repository.get(DEMO_CHAIN, target.address)).toMatchObject({ runtimeMatch: 'perfect', creationMatch: null });

    const right = await postVerify({ address: target.address, chain: DEMO_CHAIN, creatorTxHash: target.txHash }, counterFiles());
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.result[0]).toMatchObject({ status: 'perfect', message: 'runtime bytecode: perfect; creation bytecode: perfect' });
    expect(harness.service.repository.get(DEMO_CHAIN, target.address)).toMatchObject({ runtimeMatch: 'perfect', creationMatch: 'perfect', creatorTxHash: target.txHash });

    // Both matched and stored: the same request again is answered from the store.
    const again = await postVerify({ address: target.address, chain: DEMO_CHAIN, creatorTxHash: target.txHash }, counterFiles());
    expect(again.body.result[0].message).toMatch(/answered from the store without compiling: nothing was checked now$/);
  }, 60_000);
});
