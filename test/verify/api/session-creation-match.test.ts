import { afterEach, describe, expect, it } from 'vitest';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, type VerifyHarness } from '../verify-fixture.ts';

// A runtime-only match stored, then the session route given the creation transaction: it is used.
const DEPLOYMENT = storageDeployment();
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('session verify-checked with a creation transaction after a runtime-only match', () => {
  let harness: VerifyHarness;
  afterEach(async () => harness.close());

  async function sessionWithStorage(): Promise<{ cookie: string; verificationId: string }> {
    const form = new FormData();
    for (const [name, content] of Object.entries(storageUpload())) form.append('files', new Blob([content]), name);
    const response = await fetch(`${harness.baseUrl}/session/input-files`, { method: 'POST', body: form });
    const body = await response.json() as { contracts: Array<{ verificationId: string }> };
    return { cookie: cookieOf(response.headers.get('set-cookie')), verificationId: body.contracts[0]!.verificationId };
  }

  const verifyChecked = (cookie: string, verificationId: string, creatorTxHash: string | null) =>
    postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId, address: DEPLOYMENT.address, chainId: '31337', creatorTxHash }] }, cookie);

  it('verifies again in the same session and stores the creation match', async () => {
    harness = await startVerifyHarness();
    const { cookie, verificationId } = await sessionWithStorage();
    expect((await verifyChecked(cookie, verificationId, null)).body.contracts[0]).toMatchObject({ status: 'perfect' });
    expect(harness.service.repository.get('31337', DEPLOYMENT.address)).toMatchObject({ runtimeMatch: 'perfect', creationMatch: null });

    const again = await verifyChecked(cookie, verificationId, DEPLOYMENT.txHash);
    expect(again.status).toBe(200);
    expect(again.body.contracts[0]).toMatchObject({ status: 'perfect' });
    expect(harness.service.repository.get('31337', DEPLOYMENT.address)).toMatchObject({ runtimeMatch: 'perfect', creationMatch: 'perfect' });
  });

  it('verifies again from another session, the stored match answering nothing on its own', async () => {
    harness = await startVerifyHarness();
    const first = await sessionWithStorage();
    await verifyChecked(first.cookie, first.verificationId, null);
    const second = await sessionWithStorage();
    await verifyChecked(second.cookie, second.verificationId, DEPLOYMENT.txHash);
    expect(harness.service.repository.get('31337', DEPLOYMENT.address)).toMatchObject({ creationMatch: 'perfect' });
  });

  it('answers from the store without a creation transaction, as Sourcify does', async () => {
    harness = await startVerifyHarness();
    const { cookie, verificationId } = await sessionWithStorage();
    await verifyChecked(cookie, verificationId, null);
    const stored = harness.service.repository.get('31337', DEPLOYMENT.address)!;
    const other = await sessionWithStorage();
    await verifyChecked(other.cookie, other.verificationId, null);
    expect(harness.service.repository.get('31337', DEPLOYMENT.address)).toMatchObject({ verifiedAt: stored.verifiedAt, creationMatch: null });
  });
});
