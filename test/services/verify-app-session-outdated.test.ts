import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorUnavailable } from '../../main/mirror/http/availability-gate.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { AppVerifySession } from '../../main/services/verify-app-session.ts';
import { MirrorCodeSource } from '../../main/verify/chain/mirror-code-source.ts';
import { DEMO_CHAIN, DEMO_VERSION, deployDemo, demoUpload, type DemoName } from '../verify/demo-chain-fixture.ts';
import { cachedCompilers, startVerifyHarness, tempDir, type VerifyHarness } from '../verify/verify-fixture.ts';

// The Verify screen's session over a real verify.sqlite and a real mirror store (chain 298): a
// contract verified there, then the ledger rebuilt under the same addresses (the demo regenerated
// with other accounts, a local network reset and redeployed), must not go on showing "Perfect match".

let harness: VerifyHarness;
let store: LedgerStore;
let dataDir: string;
let unavailable: MirrorUnavailable | null = null;
beforeAll(async () => {
  dataDir = tempDir();
  store = new LedgerStore({ file: path.join(dataDir, 'mirror.sqlite') });
  // A whole ledger, as the demo's is: it can say that nothing is deployed at an address.
  const mirrorSource = new MirrorCodeSource(() => store.db, () => unavailable, () => true);
  harness = await startVerifyHarness({ compilersDir: await cachedCompilers(DEMO_VERSION), chains: { mirrorChainIds: [DEMO_CHAIN], mirrorSource, rpcUrls: {} } }, dataDir);
}, 60_000);
afterAll(async () => {
  await harness.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The ledger rebuilt without entity `id`. */
function remove(id: number): void {
  for (const [table, column] of [['entity', 'id'], ['contract', 'id'], ['contract_result', 'contract_id']] as const) {
    store.db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(id);
  }
}

/** The ledger rebuilt: entity `id` gone, and `name` deployed as that same entity, at the same address. */
function rebuildAs(id: number, name: DemoName): void {
  remove(id);
  deployDemo(store, name, id);
}

describe('the Verify screen\'s contract verified before its address got other code', () => {
  const id = 7401;
  const address = `0x${id.toString(16).padStart(40, '0')}`;
  const profile = 'demo';
  let app: AppVerifySession;
  let verificationId: string;
  let verifiedAt: string | null;

  beforeAll(async () => {
    deployDemo(store, 'Counter', id);
    app = new AppVerifySession(harness.service);
    const files = Object.entries(demoUpload('Counter')).map(([name, content]) => ({ name, content, encoding: 'utf8' as const }));
    verificationId = (await app.addFiles(profile, files)).contracts[0]!.verificationId;
    const verified = (await app.verify(profile, [{ verificationId, address, chainId: DEMO_CHAIN }])).contracts[0]!;
    expect(verified).toMatchObject({ status: 'perfect', message: null, verifiedAt: expect.any(String) });
    verifiedAt = verified.verifiedAt;
  }, 60_000);

  it('shows as not verified, saying the code there changed, and holds again once that code is back', async () => {
    rebuildAs(id, 'Poll');
    const outdated = (await app.view(profile)).contracts[0]!;
    expect(outdated).toMatchObject({ status: 'error', address, chainId: DEMO_CHAIN, verifiedAt: null, detail: null });
    expect(outdated.message).toMatch(/^other code is deployed at this address than the code it matched \(.*\); verify it again/);

    rebuildAs(id, 'Counter');
    expect((await app.view(profile)).contracts[0]).toMatchObject({ status: 'perfect', message: null, verifiedAt });
  });

  it('shows as not verified once nothing is deployed at its address', async () => {
    remove(id);
    const gone = (await app.view(profile)).contracts[0]!;
    expect(gone).toMatchObject({ status: 'error', verifiedAt: null });
    expect(gone.message).toMatch(/^the contract it matched is no longer deployed at this address \(.*\); verify it again/);
    rebuildAs(id, 'Counter');
    expect((await app.view(profile)).contracts[0]).toMatchObject({ status: 'perfect', verifiedAt });
  });

  it('shows as not verified while the ledger cannot be read, and holds again once it can', async () => {
    unavailable = { message: 'The demo ledger is being generated (40%); try again in a moment', retryAfterSeconds: 5 };
    try {
      const unreadable = (await app.view(profile)).contracts[0]!;
      expect(unreadable).toMatchObject({ status: 'error', verifiedAt: null });
      expect(unreadable.message).toContain('the code at this address cannot be read now');
    } finally {
      unavailable = null;
    }
    expect((await app.view(profile)).contracts[0]).toMatchObject({ status: 'perfect', verifiedAt });
  });
});
