import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../../main/verify/api/verification-jobs.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, tempDir, type VerifyHarness } from '../verify-fixture.ts';

// APIv2 jobs across a restart of the verify service over the same database file, over real HTTP
// on loopback: a client polling its job (hardhat-verify, Foundry) finds it answered as before the
// restart, and a job that was running when the service stopped answers as ended, never as running.

const ADDRESS = storageDeployment().address;
const CHECKSUMMED = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SOURCE = 'project:/contracts/Storage.sol';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function validBody(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  const stdJsonInput = { language: 'Solidity', sources: { [SOURCE]: { content: storageUpload()['Storage.sol'] } }, settings };
  return { stdJsonInput, compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: `${SOURCE}:Storage` };
}

let dataDir: string;
const running: VerifyHarness[] = [];
async function start(): Promise<VerifyHarness> {
  const harness = await startVerifyHarness({}, dataDir);
  running.push(harness);
  return harness;
}
async function stop(harness: VerifyHarness): Promise<void> {
  running.splice(running.indexOf(harness), 1);
  await harness.close();
}

afterEach(async () => {
  for (const harness of running.splice(0)) await harness.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function job(harness: VerifyHarness, id: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${harness.baseUrl}/v2/verify/${id}`);
  return { status: response.status, body: await response.json() };
}
async function finished(harness: VerifyHarness, id: string): Promise<{ status: number; body: any }> {
  for (;;) {
    const answer = await job(harness, id);
    if (answer.status !== 200) throw new Error(`job ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body.isJobCompleted) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('APIv2 verification jobs across a restart of the service', () => {
  it('answers a verified and a failed job the same after the restart, and bad ids as before', async () => {
    dataDir = tempDir();
    const before = await start();
    // One after the other: a contract is verified by one job at a time.
    const verified = (await postJson(`${before.baseUrl}/v2/verify/31337/${ADDRESS}`, validBody())).body.verificationId;
    const answers = [await finished(before, verified)];
    const failed = (await postJson(`${before.baseUrl}/v2/verify/31337/${ADDRESS}`, { ...validBody(), contractIdentifier: `${SOURCE}:Nope` })).body.verificationId;
    answers.push(await finished(before, failed));
    expect(answers[0]).toMatchObject({ status: 200, body: { contract: { match: 'exact_match', address: CHECKSUMMED } } });
    expect(answers[1]).toMatchObject({ status: 200, body: { error: { customCode: 'contract_not_found_in_compiler_output' } } });
    await stop(before);

    const after = await start();
    expect([await job(after, verified), await job(after, failed)]).toEqual(answers);
    expect(await job(after, 'nope')).toMatchObject({ status: 400, body: { customCode: 'invalid_parameter' } });
    const unknown = '550e8400-e29b-41d4-a716-446655440000';
    expect(await job(after, unknown)).toEqual({ status: 404, body: { customCode: 'job_not_found', message: `No verification job found for id ${unknown}`, errorId: expect.stringMatching(UUID) } });
  }, 60_000);

  it('ends a job still running when the service stops with internal_error, and lets the contract be verified again', async () => {
    dataDir = tempDir();
    const before = await start();
    // The compile never ends in this service: it stops with the job running.
    before.service.verifySolcJson = () => new Promise(() => undefined);
    const submitted = await postJson(`${before.baseUrl}/v2/verify/31337/${ADDRESS}`, validBody());
    expect(submitted.status).toBe(202);
    const id = submitted.body.verificationId;
    const pending = await job(before, id);
    expect(pending.body).toMatchObject({ isJobCompleted: false });
    // Ended by the service that owns the jobs, once, not by each server or channel that starts them too.
    const closeJobs = vi.spyOn(before.service.jobs, 'close');
    await stop(before);
    expect(closeJobs).toHaveBeenCalledTimes(1);
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const after = await start();
    const ended = await job(after, id);
    expect(ended).toEqual({
      status: 200,
      body: {
        isJobCompleted: true, verificationId: id, jobStartTime: pending.body.jobStartTime, jobFinishTime: expect.any(String),
        contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: '31337', address: CHECKSUMMED },
        error: { customCode: 'internal_error', message: INTERRUPTED_MESSAGE, errorId: expect.stringMatching(UUID) },
      },
    });
    // Ended as the service stopped, not only found running by the next start.
    expect(Date.parse(ended.body.jobFinishTime)).toBeGreaterThanOrEqual(Date.parse(ended.body.jobStartTime));
    expect(Date.parse(ended.body.jobFinishTime)).toBeLessThanOrEqual(stoppedAt);
    // Not "already being verified" (429): the interrupted job no longer holds the contract.
    const again = await postJson(`${after.baseUrl}/v2/verify/31337/${ADDRESS}`, validBody());
    expect(again.status).toBe(202);
    expect((await finished(after, again.body.verificationId)).body.contract).toMatchObject({ match: 'exact_match' });
  }, 60_000);
});
