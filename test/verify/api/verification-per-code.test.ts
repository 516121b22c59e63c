import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { DEMO_CHAIN, DEMO_VERSION, deployDemo, demoUpload, type DemoName } from '../demo-chain-fixture.ts';
import { cachedCompilers, postJson, startVerifyHarness, tempDir, type VerifyHarness } from '../verify-fixture.ts';

// A verification is of a chain, an address and the code there. Ledgers of one chain id (the demo,
// a local node, a custom profile without its own: all 298) hold other contracts at the same
// long-zero addresses; a match on one must not take the place of another's, nor delete its files.

let store: LedgerStore;
let harness: VerifyHarness;
/** Whether the open store is a whole ledger (the demo's) or a copy synced from an upstream one. */
let complete = true;
/** Reads of the code now (MirrorCodeSource.runtimeCodeNow), which a listing makes once per address. */
let codeReads = 0;

class CountingSource extends MirrorCodeSource {
  override runtimeCodeNow(address: string): string {
    codeReads++;
    return super.runtimeCodeNow(address);
  }
}

/** The ledger's contract entity `id` gone, and `name` deployed as that same entity (another ledger of the chain open, say). */
function deployAs(id: number, name: DemoName): void {
  removeEntity(id);
  deployDemo(store, name, id);
}
function removeEntity(id: number): void {
  for (const [table, column] of [['entity', 'id'], ['contract', 'id'], ['contract_result', 'contract_id']] as const) {
    store.db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(id);
  }
}

const verify = (address: string, name: DemoName) => postJson(`${harness.baseUrl}/verify`, { address, chain: DEMO_CHAIN, files: demoUpload(name) });
const getJson = async (route: string) => {
  const response = await fetch(`${harness.baseUrl}${route}`);
  return { status: response.status, body: await response.json() as any };
};
const checkByAddresses = async (address: string) => (await getJson(`/check-by-addresses?addresses=${address}&chainIds=${DEMO_CHAIN}`)).body[0];
const lookup = (address: string) => getJson(`/v2/contract/${DEMO_CHAIN}/${address}?fields=compilation,sources`);

beforeAll(async () => {
  const dataDir = tempDir();
  store = new LedgerStore({ file: path.join(dataDir, 'mirror.sqlite') });
  const chains = { mirrorChainIds: [DEMO_CHAIN], mirrorSource: new CountingSource(() => store.db, undefined, () => complete), rpcUrls: {} };
  harness = await startVerifyHarness({ compilersDir: await cachedCompilers(DEMO_VERSION), chains }, dataDir);
}, 60_000);
afterAll(async () => {
  await harness.close();
  store.close();
});

describe('two contracts verified at one address, on ledgers of one chain id', () => {
  const id = 7401;
  const address = `0x${id.toString(16).padStart(40, '0')}`;
  let counterMatchId: string;
  let pollMatchId: string;

  beforeAll(async () => {
    deployDemo(store, 'Counter', id);
    expect((await verify(address, 'Counter')).status).toBe(200);
    counterMatchId = (await lookup(address)).body.matchId;
    deployAs(id, 'Poll');
    const verified = await verify(address, 'Poll');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    pollMatchId = (await lookup(address)).body.matchId;
  }, 60_000);

  it('brings each one back, perfect and with its own match id and files, when its code is there again', async () => {
    expect(pollMatchId).not.toBe(counterMatchId);
    deployAs(id, 'Counter');
    expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect', chainIds: [DEMO_CHAIN] });
    const counter = await lookup(address);
    expect(counter).toMatchObject({ status: 200, body: { match: 'exact_match', matchId: counterMatchId, compilation: { name: 'Counter' } } });
    expect(Object.keys(counter.body.sources).some((file) => file.endsWith('Counter.sol'))).toBe(true);
    const files = await getJson(`/files/any/${DEMO_CHAIN}/${address}`);
    expect(files.status).toBe(200);
    expect(files.body.files.map((f: { name: string }) => f.name)).toContain('Counter.sol');
    expect((await getJson(`/v2/contracts/${DEMO_CHAIN}`)).body.results.filter((r: { address: string }) => r.address === checksumAddress(address)))
      .toEqual([expect.objectContaining({ matchId: counterMatchId })]);

    deployAs(id, 'Poll');
    expect(await lookup(address)).toMatchObject({ status: 200, body: { match: 'exact_match', matchId: pollMatchId, compilation: { name: 'Poll' } } });
    expect((await getJson(`/files/any/${DEMO_CHAIN}/${address}`)).body.files.map((f: { name: string }) => f.name)).toContain('Poll.sol');
  });
});

describe('a session\'s contract whose address was verified again, for other code, since', () => {
  const id = 7451;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  it('is matched again by verify-checked, not passed over as the perfect match stored then', async () => {
    deployDemo(store, 'Counter', id);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: demoUpload('Counter') });
    const cookie = added.setCookie!.split(';')[0]!;
    const contracts = [{ verificationId: added.body.contracts[0].verificationId as string, address, chainId: DEMO_CHAIN }];
    expect((await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts }, cookie)).body.contracts[0]).toMatchObject({ status: 'perfect' });
    deployAs(id, 'Poll');
    // Someone verifies the new code there: the address holds a perfect match again, but not the session's.
    expect((await verify(address, 'Poll')).status).toBe(200);
    const again = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts }, cookie);
    expect(again.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: "The recompiled bytecode length doesn't match the onchain bytecode length." });
  }, 60_000);
});

describe('a verified contract the store does not hold', () => {
  const id = 7501;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  beforeAll(async () => {
    deployDemo(store, 'Counter', id);
    expect((await verify(address, 'Counter')).status).toBe(200);
    removeEntity(id);
  }, 60_000);

  it('stands in a copy synced from an upstream ledger, which may not have reached it yet, and is answered from the store', async () => {
    complete = false;
    try {
      expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect' });
      expect((await lookup(address)).status).toBe(200);
      const compiles = harness.service.compiler.compiles;
      const again = await verify(address, 'Counter');
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.result[0]).toMatchObject({ status: 'perfect' });
      expect(harness.service.compiler.compiles).toBe(compiles);
    } finally {
      complete = true;
    }
  }, 60_000);

  it('is gone from a whole ledger (the demo\'s): nothing is deployed there', async () => {
    expect(await checkByAddresses(address)).toEqual({ address: checksumAddress(address), status: 'false' });
    expect((await lookup(address)).status).toBe(404);
  });
});

describe('a chain\'s listing', () => {
  it('reads the code at each verified address once per request', async () => {
    const addresses = (harness.service.db.prepare('SELECT DISTINCT address FROM verified_contract WHERE chain_id = ?').pluck().all(DEMO_CHAIN) as string[]);
    expect(addresses.length).toBeGreaterThan(1);
    for (const route of [`/files/contracts/${DEMO_CHAIN}`, `/files/contracts/any/${DEMO_CHAIN}`, `/v2/contracts/${DEMO_CHAIN}`]) {
      codeReads = 0;
      expect((await getJson(route)).status).toBe(200);
      expect(codeReads, route).toBe(addresses.length);
    }
  });
});
