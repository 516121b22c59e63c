import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import type { MirrorUnavailable } from '../../../main/mirror/http/availability-gate.ts';
import { DEMO_CHAIN, DEMO_VERSION, deployDemo, demoUpload, startDemoHarness, type DemoDeployment, type DemoHarness } from '../demo-chain-fixture.ts';
import { postJson } from '../verify-fixture.ts';

// While the demo ledger is being generated the mirror API answers 503 (its availability gate):
// the verifier reads the same store, and must not call a contract on its way "not deployed".

const GENERATING: MirrorUnavailable = { message: 'The demo ledger is being generated (40%); try again in a moment', retryAfterSeconds: 5 };
const FAILED: MirrorUnavailable = { message: 'The demo ledger could not be generated: disk full', retryAfterSeconds: null };

let harness: DemoHarness;
let notReady: MirrorUnavailable | null = GENERATING;
let poll: DemoDeployment;
// An address the half-written ledger has not reached yet: read now, it would be "not deployed".
const NOT_WRITTEN_YET = `0x${(6999).toString(16).padStart(40, '0')}`;

beforeAll(async () => {
  harness = await startDemoHarness(() => notReady);
  poll = deployDemo(harness.store, 'Poll', 6001);
});
afterAll(async () => harness.close());

async function post(route: string, body: unknown, cookie?: string): Promise<{ status: number; body: any; retryAfter: string | null; setCookie: string | null }> {
  const response = await fetch(`${harness.baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after'), setCookie: response.headers.get('set-cookie') };
}

async function finishedJob(verificationId: string): Promise<any> {
  for (;;) {
    const job = await (await fetch(`${harness.baseUrl}/v2/verify/${verificationId}`)).json();
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('verifying against the local mirror while its ledger is not ready', () => {
  const solcJson = (address: string) => ({ address, chain: DEMO_CHAIN, compilerVersion: DEMO_VERSION, contractName: 'Poll', files: { 'input.json': JSON.stringify(EXAMPLE_ARTIFACT.input) } });

  it('answers /verify and /verify/solc-json with a 503 in the mirror\'s words and Retry-After, for contracts written or not', async () => {
    const compiles = harness.service.compiler.compiles;
    for (const address of [poll.address, NOT_WRITTEN_YET]) {
      expect(await post('/verify', { address, chain: DEMO_CHAIN, files: demoUpload('Poll') })).toMatchObject({ status: 503, body: { error: GENERATING.message }, retryAfter: '5' });
      expect(await post('/verify/solc-json', solcJson(address))).toMatchObject({ status: 503, body: { error: GENERATING.message }, retryAfter: '5' });
    }
    // Said before anything is compiled.
    expect(harness.service.compiler.compiles).toBe(compiles);
  });

  it('answers importing a contract by its address into a session the same way', async () => {
    expect(await post('/session/input-contract', { address: poll.address, chainId: DEMO_CHAIN })).toMatchObject({ status: 503, body: { error: GENERATING.message }, retryAfter: '5', setCookie: null });
  });

  it('records it on a session\'s contract, as any failure of one contract, and keeps no match', async () => {
    const added = await post('/session/input-files', { files: demoUpload('Poll') });
    const cookie = added.setCookie!.split(';')[0]!;
    const verificationId = added.body.contracts[0].verificationId as string;
    const checked = await post('/session/verify-checked', { contracts: [{ verificationId, address: poll.address, chainId: DEMO_CHAIN }] }, cookie);
    expect(checked.status).toBe(200);
    expect(checked.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: GENERATING.message });
    expect(harness.service.repository.get(DEMO_CHAIN, poll.address)).toBeNull();
  });

  it('ends an APIv2 job with cannot_fetch_bytecode in the mirror\'s words', async () => {
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/${DEMO_CHAIN}/${poll.address}`, { stdJsonInput: EXAMPLE_ARTIFACT.input, compilerVersion: DEMO_VERSION, contractIdentifier: 'Poll.sol:Poll' });
    expect(submitted.status).toBe(202);
    expect((await finishedJob(submitted.body.verificationId)).error).toMatchObject({ customCode: 'cannot_fetch_bytecode', message: GENERATING.message });
  });

  it('says a failed generation without Retry-After: waiting does not help', async () => {
    notReady = FAILED;
    try {
      expect(await post('/verify', { address: poll.address, chain: DEMO_CHAIN, files: demoUpload('Poll') })).toMatchObject({ status: 503, body: { error: FAILED.message }, retryAfter: null });
    } finally {
      notReady = GENERATING;
    }
  });

  it('verifies once the ledger is ready', async () => {
    notReady = null;
    const verified = await post('/verify', { address: poll.address, chain: DEMO_CHAIN, files: demoUpload('Poll') });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result[0]).toMatchObject({ status: 'perfect' });
  }, 60_000);
});

describe('a match stored on the local mirror while its ledger is generated again', () => {
  let counter: DemoDeployment;
  const lookups = async () => {
    const check = await (await fetch(`${harness.baseUrl}/check-by-addresses?addresses=${counter.address}&chainIds=${DEMO_CHAIN}`)).json();
    const listed = await (await fetch(`${harness.baseUrl}/files/contracts/any/${DEMO_CHAIN}`)).json();
    const matches = await (await fetch(`${harness.baseUrl}/v2/contracts/${DEMO_CHAIN}`)).json();
    return { status: check[0].status, listed: listed.results, matches: matches.results.map((m: { address: string }) => m.address.toLowerCase()) };
  };

  beforeAll(async () => {
    notReady = null;
    counter = deployDemo(harness.store, 'Counter', 6002);
    expect((await post('/verify', { address: counter.address, chain: DEMO_CHAIN, files: demoUpload('Counter') })).status).toBe(200);
  }, 60_000);

  it('does not count while the gate says the ledger is generated (the code read then may not stay), and counts again after', async () => {
    expect(await lookups()).toMatchObject({ status: 'perfect', matches: expect.arrayContaining([counter.address]) });
    notReady = GENERATING;
    expect(await lookups()).toEqual({ status: 'false', listed: [], matches: [] });
    expect((await fetch(`${harness.baseUrl}/v2/contract/${DEMO_CHAIN}/${counter.address}`)).status).toBe(404);
    notReady = null;
    expect(await lookups()).toMatchObject({ status: 'perfect', matches: expect.arrayContaining([counter.address]) });
  });
});
