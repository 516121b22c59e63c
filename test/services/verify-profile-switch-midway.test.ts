import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { VerifySessionView } from '../../main/common/verify-types.ts';
import type { AppServices } from '../../main/services/app-services.ts';
import { EXAMPLE_ARTIFACT } from '../../main/mirror/demo/example-contracts.ts';
import { PROFILE_CHANGED_MESSAGE } from '../../main/verify/engine/verify-error.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { demoUpload, type DemoName } from '../verify/demo-chain-fixture.ts';
import { postJson } from '../verify/verify-fixture.ts';
import { call, closeApps, saveProfiles, startApp } from './profile-switch-fixture.ts';

// A verification reads the runtime code, compiles for seconds, then reads the creation
// transaction. A real app on the demo profile (chain 298) and a custom profile with no chain id of
// its own, so also verified as 298 but from another store: the network is switched while the
// compile is held, and every way of verifying must say so and store nothing, rather than match the
// runtime code of one ledger with the creation code of another (or of none, the first one closed).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-switch-'));
afterEach(closeApps);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CHAIN = '298';
/** The first 1000 are system accounts: beyond them a few contracts are deployed, examples among them. */
const DEMO_ACCOUNTS = 1300;

interface DemoApp {
  app: AppServices;
  service: VerifyService;
  verifyUrl: string;
  /** An example contract the demo ledger has deployed, where, and the transaction that created it. */
  example: { name: DemoName; verificationId: string; address: string; creatorTxHash: string };
}

/** The app on its generated demo ledger, verification on, with `other` saved: a custom profile whose upstream never answers. */
async function startDemoApp(folder: string): Promise<DemoApp> {
  const dataDir = saveProfiles(path.join(dir, folder), [{ name: 'other', mirrorUrl: 'http://127.0.0.1:1' }]);
  const app = await startApp({ dataDir, demoAccounts: DEMO_ACCOUNTS, syncRate: 0, ports: { mirror: 0, status: 0, verify: 0 }, verify: { solcBinMirror: null } });
  expect(await app.ready).toBe('ready');
  const service = app.verify!;
  await service.ready; // the bundled compiler, which built the demo's examples, is in the folder
  const added = await call<{ session: VerifySessionView; deployments: Record<string, { address: string; creatorTxHash: string | null }> }>(app, 'verify/examples/add');
  const [verificationId, deployment] = Object.entries(added.deployments).find(([, d]) => d.creatorTxHash !== null)!;
  const name = added.session.contracts.find((c) => c.verificationId === verificationId)!.name as DemoName;
  return { app, service, verifyUrl: app.urls.verify!, example: { name, verificationId, address: deployment.address, creatorTxHash: deployment.creatorTxHash! } };
}

/** Holds every compile until `release()`; `arrived` settles once one has begun (the runtime code read by then). */
function holdCompiles(service: VerifyService): { arrived: Promise<void>; release: () => void } {
  const compiler = service.compiler;
  const compile = compiler.compile.bind(compiler);
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  compiler.compile = async (...args) => {
    arrive();
    await released;
    return compile(...args);
  };
  return { arrived, release };
}

/** Runs `verify` with its compile held, switches to `other` meanwhile, then lets it finish. */
async function switchedMidway<T>(demo: DemoApp, verify: () => Promise<T>): Promise<T> {
  const held = holdCompiles(demo.service);
  const answer = verify();
  await held.arrived;
  await call(demo.app, 'network/switch', { name: 'other' });
  held.release();
  return answer;
}

describe('a network profile switch while a contract is being verified', () => {
  it('fails a one-call verification (/verify) with a 503 saying so, and stores nothing', async () => {
    const demo = await startDemoApp('one-call');
    const { name, address, creatorTxHash } = demo.example;
    const answer = await switchedMidway(demo, () => postJson(`${demo.verifyUrl}/verify`, { address, chain: CHAIN, creatorTxHash, files: demoUpload(name) }));
    expect(answer).toMatchObject({ status: 503, body: { error: PROFILE_CHANGED_MESSAGE } });
    expect(demo.service.repository.get(CHAIN, address)).toBeNull();
  }, 120_000);

  it('records it on the contract of an API session, and stores nothing', async () => {
    const demo = await startDemoApp('session');
    const { name, address, creatorTxHash } = demo.example;
    const added = await postJson(`${demo.verifyUrl}/session/input-files`, { files: demoUpload(name) });
    const cookie = added.setCookie!.split(';')[0]!;
    const verificationId = added.body.contracts[0].verificationId as string;
    const checked = await switchedMidway(demo, () => postJson(`${demo.verifyUrl}/session/verify-checked`, { contracts: [{ verificationId, address, chainId: CHAIN, creatorTxHash }] }, cookie));
    expect(checked.status).toBe(200);
    expect(checked.body.contracts[0]).toMatchObject({ status: 'error', statusMessage: PROFILE_CHANGED_MESSAGE });
    expect(demo.service.repository.get(CHAIN, address)).toBeNull();
  }, 120_000);

  it('ends an APIv2 job with network_profile_changed, and stores nothing', async () => {
    const demo = await startDemoApp('v2-job');
    const { name, address, creatorTxHash } = demo.example;
    const job = await switchedMidway(demo, async () => {
      const submitted = await postJson(`${demo.verifyUrl}/v2/verify/${CHAIN}/${address}`, {
        stdJsonInput: EXAMPLE_ARTIFACT.input, compilerVersion: EXAMPLE_ARTIFACT.compiler.version, contractIdentifier: `${name}.sol:${name}`, creationTransactionHash: creatorTxHash,
      });
      expect(submitted.status).toBe(202);
      return submitted.body.verificationId as string;
    });
    let finished: any;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = await (await fetch(`${demo.verifyUrl}/v2/verify/${job}`)).json();
    } while (!finished.isJobCompleted);
    expect(finished.error).toMatchObject({ customCode: 'network_profile_changed', message: PROFILE_CHANGED_MESSAGE });
    expect(finished.contract.match).toBeNull();
    expect(demo.service.repository.get(CHAIN, address)).toBeNull();
  }, 120_000);

  it('shows it on the Verify screen\'s contract, stores nothing, and verifying again on the profile switched back to matches', async () => {
    const demo = await startDemoApp('verify-screen');
    const { name, verificationId, address, creatorTxHash } = demo.example;
    const target = { verificationId, address, chainId: CHAIN, creatorTxHash };
    const view = await switchedMidway(demo, () => call<VerifySessionView>(demo.app, 'verify/contracts/verify', { contracts: [target] }));
    expect(view.contracts.find((c) => c.name === name)).toMatchObject({ status: 'error', message: PROFILE_CHANGED_MESSAGE, verifiedAt: null, detail: null });
    expect(demo.service.repository.get(CHAIN, address)).toBeNull();

    // Back on the demo profile its Verify session says the same, and verifying again reads one ledger throughout.
    await call(demo.app, 'network/switch', { name: 'demo' });
    const back = await call<VerifySessionView>(demo.app, 'verify/session');
    expect(back.contracts.find((c) => c.name === name)).toMatchObject({ status: 'error', message: PROFILE_CHANGED_MESSAGE });
    const again = await call<VerifySessionView>(demo.app, 'verify/contracts/verify', { contracts: [target] });
    expect(again.contracts.find((c) => c.name === name)).toMatchObject({ status: 'perfect', detail: { runtimeMatch: 'perfect', creationMatch: 'perfect' } });
  }, 120_000);
});
