import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { v2ErrorBody } from '../../../main/verify/api/sourcify-v2-errors.ts';
import { VerificationJobs, type JobOutcome } from '../../../main/verify/api/verification-jobs.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { postJson, startVerifyHarness, storageDeployment, storageUpload, tempDir, type VerifyHarness } from '../verify-fixture.ts';
import { capAtCurrentSize, diskFullMessage, fillJobPages } from '../verify-db-fixture.ts';

// The verification database on a full disk: SQLite refuses to grow it (SQLITE_FULL, "database or
// disk is full"). Every route that cannot store answers one way, 503 saying the disk is full, which
// file, the room left and what to do: the v1 routes answered 500 with SQLite's bare words, v2's
// submission 500 internal_error "unexpected error". What is stored keeps being served.

const ADDRESS = storageDeployment().address;
const SOURCE = 'project:/contracts/Storage.sol';

function v2Body(): Record<string, unknown> {
  const { compilationTarget: _target, ...settings } = JSON.parse(storageUpload()['metadata.json']!).settings;
  return { stdJsonInput: { language: 'Solidity', sources: { [SOURCE]: { content: storageUpload()['Storage.sol'] } }, settings }, compilerVersion: '0.8.4+commit.c7e474f2', contractIdentifier: `${SOURCE}:Storage` };
}

describe('the verification API on a full disk', () => {
  let harness: VerifyHarness;
  let file: string;
  let logged: string[];
  beforeEach(async () => {
    logged = [];
    harness = await startVerifyHarness({ log: (line) => void logged.push(line) });
    file = path.join(harness.dataDir, 'verify.sqlite');
  });
  afterEach(async () => harness.close());

  const job = async (id: string) => (await fetch(`${harness.baseUrl}/v2/verify/${id}`)).json();

  it('answers a v1 verification and a session upload 503 saying the disk is full, logged once', async () => {
    capAtCurrentSize(harness.service.db);
    const verified = await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() });
    expect(verified.status).toBe(503);
    expect(verified.body.error).toMatch(diskFullMessage(file));
    const uploaded = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    expect(uploaded.status).toBe(503);
    expect(uploaded.body.error).toMatch(diskFullMessage(file));
    expect(logged).toEqual([expect.stringMatching(new RegExp(`^verify: the verification database ${file} cannot be written: database or disk is full \\(\\d+(\\.\\d)? [KMG]iB free in ${harness.dataDir}\\)$`))]);
  });

  it('hands out no session for an upload refused on a full disk; once there is room, the upload opens one', async () => {
    const db = harness.service.db;
    const sessionsHeld = () => Number(db.prepare('SELECT count(*) FROM verify_session').pluck().get());
    capAtCurrentSize(db);
    const refused = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    expect(refused.status).toBe(503);
    expect(refused.setCookie).toBeNull();
    expect(sessionsHeld()).toBe(0);

    db.pragma(`max_page_count = ${2 ** 30}`);
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    expect(added.status).toBe(200);
    expect(added.setCookie).toMatch(/^mirrordesk_verify_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(sessionsHeld()).toBe(1);
  });

  it('keeps the session a client holds when its next upload is refused on a full disk, files and all', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = added.setCookie!.split(';')[0]!;
    capAtCurrentSize(harness.service.db);
    const refused = await postJson(`${harness.baseUrl}/session/input-files`, { files: { 'Other.sol': `// ${'x'.repeat(50_000)}\ncontract Other {}` } }, cookie);
    expect(refused.status).toBe(503);
    expect(refused.setCookie).toBeNull();
    const data = await (await fetch(`${harness.baseUrl}/session/data`, { headers: { cookie } })).json();
    expect(data.files.map((f: { path: string }) => f.path).sort()).toEqual(added.body.files.map((f: { path: string }) => f.path).sort());
  });

  it('answers a session verification whose match cannot be stored 503, not as the contract\'s failure', async () => {
    const added = await postJson(`${harness.baseUrl}/session/input-files`, { files: storageUpload() });
    const cookie = added.setCookie!.split(';')[0]!;
    capAtCurrentSize(harness.service.db);
    const verified = await postJson(`${harness.baseUrl}/session/verify-checked`, { contracts: [{ verificationId: added.body.contracts[0].verificationId, address: ADDRESS, chainId: '31337' }] }, cookie);
    expect(verified.status).toBe(503);
    expect(verified.body.error).toMatch(diskFullMessage(file));
  });

  it('answers a v2 submission it cannot store 503 disk_full, as v1 answers', async () => {
    capAtCurrentSize(harness.service.db);
    fillJobPages(harness.service.db);
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, v2Body());
    expect(submitted.status).toBe(503);
    expect(submitted.body).toEqual({ customCode: 'disk_full', message: expect.stringMatching(diskFullMessage(file)), errorId: expect.any(String) });
  });

  it('ends a v2 job whose match cannot be stored in disk_full, saying so', async () => {
    capAtCurrentSize(harness.service.db);
    const submitted = await postJson(`${harness.baseUrl}/v2/verify/31337/${ADDRESS}`, v2Body());
    expect(submitted.status).toBe(202);
    const done = await vi.waitFor(async () => {
      const state = await job(submitted.body.verificationId);
      if (!state.isJobCompleted) throw new Error('still running');
      return state;
    }, { timeout: 20_000, interval: 20 });
    expect(done.error).toEqual({ customCode: 'disk_full', message: expect.stringMatching(diskFullMessage(file)), errorId: expect.any(String) });
  });

  it('keeps serving what is stored', async () => {
    expect((await postJson(`${harness.baseUrl}/verify`, { address: ADDRESS, chain: '31337', files: storageUpload() })).body.result[0].status).toBe('perfect');
    capAtCurrentSize(harness.service.db);
    const lookup = await (await fetch(`${harness.baseUrl}/v2/contract/31337/${ADDRESS}`)).json();
    expect(lookup).toMatchObject({ match: 'exact_match' });
    expect((await fetch(`${harness.baseUrl}/check-by-addresses?addresses=${ADDRESS}&chainIds=31337`)).status).toBe(200);
  });
});

describe('VerificationJobs whose outcome cannot be stored', () => {
  it('answers the outcome from memory while the app runs, rather than "running" for good', async () => {
    const dir = tempDir();
    const db = openVerifyDb(path.join(dir, 'verify.sqlite'));
    const logged: string[] = [];
    const jobs = new VerificationJobs(db, { log: (line) => void logged.push(line) });
    capAtCurrentSize(db);
    // A failed match keeps the bytecodes it compared: more than the pages the database has left.
    const outcome: JobOutcome = { error: { ...v2ErrorBody('no_match', "The deployed and recompiled bytecode don't match."), recompiledRuntimeCode: `0x${'ab'.repeat(50_000)}` } };
    const id = jobs.start('31337', ADDRESS, async () => outcome, () => outcome);
    const done = await vi.waitFor(() => {
      const state = jobs.get(id);
      if (!state?.isJobCompleted) throw new Error('still running');
      return state;
    }, { timeout: 5_000, interval: 10 });
    expect(done).toMatchObject({ verificationId: id, contract: { chainId: '31337' }, error: outcome.error, jobFinishTime: expect.any(String) });
    expect(logged).toEqual([`verify API (v2): the outcome of job ${id} could not be stored (database or disk is full); it is answered until the app stops`]);
    jobs.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
