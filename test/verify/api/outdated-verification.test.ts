import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployExample } from '../../../main/mirror/demo/example-contracts.ts';
import { LedgerStore } from '../../../main/mirror/store/ledger-store.ts';
import { MirrorCodeSource } from '../../../main/verify/chain/mirror-code-source.ts';
import { checksumAddress } from '../../../main/verify/engine/evm-address.ts';
import { DEMO_CHAIN, DEMO_VERSION, deployDemo, demoUpload, type DemoName } from '../demo-chain-fixture.ts';
import { cachedCompilers, postJson, startVerifyHarness, storageDeployment, storageUpload, tempDir, type VerifyHarness } from '../verify-fixture.ts';

// A verification stored for an address holds only while the code it was matched against is there.
// The demo ledger is regenerated, and a developer's local network reset and redeployed, under the
// same addresses: other code then sits where a verified contract was, and Mirrordesk must not go
// on saying "perfect" for the old sources (nor answer them from its store without compiling).

let store: LedgerStore;
let dataDir: string;
let harness: VerifyHarness;

/** The verify service and API over `store` (chain 298) and `dataDir`'s verify.sqlite: started again, it finds what the last one stored. */
async function startService(): Promise<VerifyHarness> {
  const compilersDir = await cachedCompilers(DEMO_VERSION);
  const chains = { mirrorChainIds: [DEMO_CHAIN], mirrorSource: new MirrorCodeSource(() => store.db), rpcUrls: {} };
  return startVerifyHarness({ compilersDir, chains }, dataDir);
}

/** The ledger rebuilt: the contract entity `id` is gone, and `name` deployed as that same entity, at the same address. */
function rebuildAs(id: number, name: DemoName): void {
  for (const [table, column] of [['entity', 'id'], ['contract', 'id'], ['contract_result', 'contract_id']] as const) {
    store.db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(id);
  }
  deployDemo(store, name, id);
}

const verify = (address: string, name: DemoName) => postJson(`${harness.baseUrl}/verify`, { address, chain: DEMO_CHAIN, files: demoUpload(name) });
const getJson = async (route: string) => {
  const response = await fetch(`${harness.baseUrl}${route}`);
  return { status: response.status, body: await response.json() as any };
};
const checkByAddresses = async (address: string) => (await getJson(`/check-by-addresses?addresses=${address}&chainIds=${DEMO_CHAIN}`)).body[0];

beforeAll(async () => {
  dataDir = tempDir();
  store = new LedgerStore({ file: path.join(dataDir, 'mirror.sqlite') });
  harness = await startService();
}, 60_000);
afterAll(async () => {
  await harness.close();
  store.close();
});

describe('a verification whose address now holds other code (a rebuilt local ledger)', () => {
  const id = 7101;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  beforeAll(async () => {
    deployDemo(store, 'Counter', id);
    const verified = await verify(address, 'Counter');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result[0]).toMatchObject({ status: 'perfect' });
    expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect', chainIds: [DEMO_CHAIN] });
    rebuildAs(id, 'Poll');
  }, 60_000);

  it('is not reported by the v1 checks', async () => {
    expect(await checkByAddresses(address)).toEqual({ address: checksumAddress(address), status: 'false' });
    expect((await getJson(`/check-all-by-addresses?addresses=${address}&chainIds=${DEMO_CHAIN}`)).body[0]).toEqual({ address: checksumAddress(address), status: 'false' });
  });

  it('is a 404 in the APIv2 lookup, its files and the chain\'s listings', async () => {
    expect(await getJson(`/v2/contract/${DEMO_CHAIN}/${address}`)).toEqual({ status: 404, body: { match: null, creationMatch: null, runtimeMatch: null, chainId: DEMO_CHAIN, address: checksumAddress(address) } });
    expect((await getJson(`/v2/contract/all-chains/${address}`)).status).toBe(404);
    expect((await getJson(`/files/any/${DEMO_CHAIN}/${address}`)).status).toBe(404);
    expect((await getJson(`/v2/contracts/${DEMO_CHAIN}`)).body.results.map((r: { address: string }) => r.address)).not.toContain(checksumAddress(address));
    // Counted out too: the chain's one contract is outdated, so its pages are empty.
    expect((await getJson(`/files/contracts/any/${DEMO_CHAIN}`)).body).toMatchObject({ pagination: { totalResults: 0 }, results: [] });
  });

  it('is not the answer to POST /verify with the old sources: they are compiled, and do not match the code there now', async () => {
    // Matched against Poll's code (the compile cache gives the compile): what a fresh store answers.
    const again = await verify(address, 'Counter');
    expect(again).toEqual({ status: 400, body: { error: "The recompiled bytecode length doesn't match the onchain bytecode length." }, setCookie: null });
  }, 60_000);

  it('is replaced by a verification of the new code, which is then reported', async () => {
    const before = harness.service.db.prepare('SELECT match_id FROM verified_contract WHERE address = ?').get(address) as { match_id: number };
    const verified = await verify(address, 'Poll');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result[0]).toMatchObject({ status: 'perfect' });
    expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect', chainIds: [DEMO_CHAIN] });
    const lookup = await getJson(`/v2/contract/${DEMO_CHAIN}/${address}?fields=compilation`);
    expect(lookup).toMatchObject({ status: 200, body: { match: 'exact_match', compilation: { name: 'Poll' } } });
    // Another contract at the address: a new match, not the old one's.
    expect(Number(lookup.body.matchId)).toBeGreaterThan(before.match_id);
  }, 60_000);
});

describe('a session\'s contract verified before the ledger was rebuilt', () => {
  const id = 7151;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  it('is matched again by verify-checked, not passed over as stored', async () => {
    deployDemo(store, 'Counter', id);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: demoUpload('Counter') });
    const cookie = added.setCookie!.split(';')[0]!;
    const contracts = [{ verificationId: added.body.contracts[0].verificationId as string, address, chainId: DEMO_CHAIN }];
    const first = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts }, cookie);
    expect(first.body.contracts[0]).toMatchObject({ status: 'perfect' });
    rebuildAs(id, 'Poll');
    const again = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts }, cookie);
    expect(again.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: "The recompiled bytecode length doesn't match the onchain bytecode length." });
  }, 60_000);

  it('reads as no longer holding until verified again, and holds again once its code is back', async () => {
    const rebuilt = 7161;
    const at = `0x${rebuilt.toString(16).padStart(40, '0')}`;
    deployDemo(store, 'Counter', rebuilt);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: demoUpload('Counter') });
    const cookie = added.setCookie!.split(';')[0]!;
    const verificationId = added.body.contracts[0].verificationId as string;
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: at, chainId: DEMO_CHAIN }] }, cookie);
    expect(verified.body.contracts[0]).toMatchObject({ status: 'perfect', storageTimestamp: expect.any(String) });
    const sessionData = async () => (await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as any).contracts[0];

    rebuildAs(rebuilt, 'Poll');
    const outdated = await sessionData();
    expect(outdated).toMatchObject({ verificationId, status: 'error', statusMessage: expect.stringContaining('other code is deployed at this address than the code it matched') });
    expect(outdated.statusMessage).toContain('verify it again');

    // Its saved state is kept: the same code back at the address (the demo regenerated as it was) is matched by it again.
    rebuildAs(rebuilt, 'Counter');
    expect(await sessionData()).toMatchObject({ verificationId, status: 'perfect' });
    expect((await sessionData()).statusMessage).toBeUndefined();
  }, 60_000);
});

describe('a session\'s match held to the code it was made against', () => {
  /** The session's contract as `/session/data` answers it now. */
  const sessionData = async (cookie: string) => (await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json() as any).contracts[0];
  /** Counter's sources added to a new session and checked against `at`; the session's cookie and what the check answered. */
  async function checkedSession(at: string, query = ''): Promise<{ cookie: string; checked: any }> {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: demoUpload('Counter') });
    const cookie = added.setCookie!.split(';')[0]!;
    const contracts = [{ verificationId: added.body.contracts[0].verificationId as string, address: at, chainId: DEMO_CHAIN }];
    return { cookie, checked: (await postJson(`${harness.baseUrl}/session/verify-checked${query}`, { contracts }, cookie)).body.contracts[0] };
  }

  it('a dry run\'s match, which stores nothing, no longer holds once other code is at the address', async () => {
    const id = 7171;
    const at = `0x${id.toString(16).padStart(40, '0')}`;
    deployDemo(store, 'Counter', id);
    const { cookie, checked } = await checkedSession(at, '?dryrun=true');
    expect(checked).toMatchObject({ status: 'perfect' });
    expect(checked.storageTimestamp).toBeUndefined();
    rebuildAs(id, 'Poll');
    expect(await sessionData(cookie)).toMatchObject({ status: 'error', statusMessage: expect.stringContaining('other code is deployed at this address') });
    rebuildAs(id, 'Counter');
    expect(await sessionData(cookie)).toMatchObject({ status: 'perfect' });
  }, 60_000);

  it('one saved without the code\'s hash (an older session) holds while a verification stands for the code there', async () => {
    const id = 7181;
    const at = `0x${id.toString(16).padStart(40, '0')}`;
    deployDemo(store, 'Counter', id);
    const { cookie, checked } = await checkedSession(at);
    expect(checked).toMatchObject({ status: 'perfect', storageTimestamp: expect.any(String) });
    // As a session saved before the hash was kept has it.
    const db = harness.service.db;
    for (const row of db.prepare('SELECT id_hash, state FROM verify_session').all() as Array<{ id_hash: string; state: string }>) {
      const state = JSON.parse(row.state) as { contracts: Record<string, { runtimeCodeHash?: string | null }> };
      for (const contract of Object.values(state.contracts)) delete contract.runtimeCodeHash;
      db.prepare('UPDATE verify_session SET state = ? WHERE id_hash = ?').run(JSON.stringify(state), row.id_hash);
    }
    expect(await sessionData(cookie)).toMatchObject({ status: 'perfect' });
    rebuildAs(id, 'Poll');
    expect(await sessionData(cookie)).toMatchObject({ status: 'error' });
    rebuildAs(id, 'Counter');
    expect(await sessionData(cookie)).toMatchObject({ status: 'perfect' });
  }, 60_000);
});

describe('a verification stored before the code\'s hash was kept (migration 7)', () => {
  const id = 7201;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  beforeAll(async () => {
    deployDemo(store, 'Counter', id);
    expect((await verify(address, 'Counter')).status).toBe(200);
    // As migration 8 carries such a contract over: its code's hash unknown ('') in both keys.
    for (const table of ['verified_contract', 'verified_file']) harness.service.db.prepare(`UPDATE ${table} SET runtime_code_sha256 = '' WHERE address = ?`).run(address);
  }, 60_000);

  it('holds while the code there names its metadata, and not once other code is there', async () => {
    expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect' });
    rebuildAs(id, 'Poll');
    expect(await checkByAddresses(address)).toMatchObject({ status: 'false' });
    expect((await getJson(`/v2/contract/${DEMO_CHAIN}/${address}`)).status).toBe(404);
  });
});

describe('a verification whose code is unchanged', () => {
  const id = 7301;
  const address = `0x${id.toString(16).padStart(40, '0')}`;

  it('stays verified across a restart of the service, and POST /verify answers it from the store', async () => {
    deployDemo(store, 'Counter', id);
    expect((await verify(address, 'Counter')).status).toBe(200);
    await harness.close();
    harness = await startService();
    expect(await checkByAddresses(address)).toMatchObject({ status: 'perfect', chainIds: [DEMO_CHAIN] });
    expect(await getJson(`/v2/contract/${DEMO_CHAIN}/${address}`)).toMatchObject({ status: 200, body: { match: 'exact_match' } });
    const compiles = harness.service.compiler.compiles;
    const again = await verify(address, 'Counter');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result[0]).toMatchObject({ status: 'perfect' });
    expect(harness.service.compiler.compiles).toBe(compiles);
  }, 60_000);
});

describe('a chain read over JSON-RPC', () => {
  let rpc: VerifyHarness;
  const storage = storageDeployment();

  beforeAll(async () => {
    rpc = await startVerifyHarness({ compilersDir: await cachedCompilers(DEMO_VERSION) });
  }, 60_000);
  afterAll(async () => rpc.close());

  it('keeps a stored match without asking the node, until a verification there reads other code, which replaces it', async () => {
    const post = (files: Record<string, string>) => postJson(`${rpc.baseUrl}/verify`, { address: storage.address, chain: '31337', files });
    expect((await post(storageUpload())).status).toBe(200);
    // The local node reset, and Counter deployed at the same address.
    const counter = deployExample('Counter', [], {});
    rpc.chains.deploy('31337', { ...storage, runtimeCode: `0x${counter.runtimeCode.toString('hex')}`, creationInput: `0x${counter.creationCode.toString('hex')}` });
    // No round trip per lookup: the node is not asked, and the stored match stands.
    expect((await (await fetch(`${rpc.baseUrl}/check-by-addresses?addresses=${storage.address}&chainIds=31337`)).json())[0]).toMatchObject({ status: 'perfect' });
    const verified = await post(demoUpload('Counter'));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(rpc.service.repository.get('31337', storage.address)).toMatchObject({ name: 'Counter', status: 'perfect' });
  }, 60_000);
});
