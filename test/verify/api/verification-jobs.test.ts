import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { INTERRUPTED_MESSAGE, TooManyJobsError, VerificationJobs, type JobOutcome } from '../../../main/verify/api/verification-jobs.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';
import { tempDir } from '../verify-fixture.ts';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const OTHER = `0x${'cd'.repeat(20)}`;
const done: JobOutcome = { contract: { match: 'match', creationMatch: null, runtimeMatch: 'match', chainId: '298', address: ADDRESS } };
const internal = (): JobOutcome => ({ error: { customCode: 'internal_error', message: 'unexpected', errorId: 'x' } });
const never = () => new Promise<JobOutcome>(() => undefined);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The v2 jobs in the verification database: kept by age and count, and never left running by a
// process that stopped. Over a real SQLite file where a restart matters.

const opened: SqliteDatabase[] = [];
const dirs: string[] = [];
function open(file = ':memory:'): SqliteDatabase {
  const db = openVerifyDb(file);
  opened.push(db);
  return db;
}
function dbFile(): string {
  const dir = tempDir('mirrordesk-verify-jobs-');
  dirs.push(dir);
  return path.join(dir, 'verify.sqlite');
}
const rows = (db: SqliteDatabase) => db.prepare('SELECT count(*) FROM verification_job').pluck().get();

afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VerificationJobs (the v2 tickets, in the verification database)', () => {
  it('keeps finished jobs for a while and then deletes them; running ones are kept however old', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const db = open();
    const jobs = new VerificationJobs(db, { keepFinishedMs: 60_000, now: () => now });
    const finished = jobs.start('298', ADDRESS, async () => done, internal);
    const running = jobs.start('298', OTHER, never, internal);
    await settle();
    expect(jobs.get(finished)).toMatchObject({ isJobCompleted: true, jobFinishTime: '2026-01-01T00:00:00.000Z' });
    now = new Date('2026-01-01T00:01:01Z');
    expect(jobs.get(finished)).toBeNull();
    expect(jobs.get(running)).toMatchObject({ isJobCompleted: false });
    // Not only hidden: the next job's start deletes the row, so the table does not grow.
    jobs.start('298', `0x${'ef'.repeat(20)}`, never, internal);
    expect(db.prepare('SELECT id FROM verification_job ORDER BY rowid').pluck().all()).not.toContain(finished);
    expect(rows(db)).toBe(2);
  });

  it('keeps at most maxFinished finished jobs, the newest', async () => {
    const db = open();
    const jobs = new VerificationJobs(db, { maxFinished: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(jobs.start('298', ADDRESS, async () => done, internal));
    await settle();
    jobs.start('298', ADDRESS, never, internal);
    expect(ids.map((id) => jobs.get(id) !== null)).toEqual([false, true, true]);
    expect(rows(db)).toBe(3);
  });

  it('prunes when the table is opened, too: jobs finished before a long pause are gone after it', async () => {
    const file = dbFile();
    let now = new Date('2026-01-01T00:00:00Z');
    const first = open(file);
    const jobs = new VerificationJobs(first, { now: () => now });
    for (let i = 0; i < 3; i++) jobs.start('298', ADDRESS, async () => done, internal);
    await settle();
    jobs.close();
    first.close();
    now = new Date('2026-01-02T00:00:01Z');
    const second = open(file);
    new VerificationJobs(second, { now: () => now });
    expect(rows(second)).toBe(0);
  });

  it('refuses a job beyond maxRunning, and a work that throws ends its job with the internal error, not a crash', async () => {
    const jobs = new VerificationJobs(open(), { maxRunning: 1 });
    const failing = jobs.start('298', ADDRESS, async () => { throw new Error('boom'); }, internal);
    expect(jobs.isRunning('298', ADDRESS)).toBe(true);
    expect(() => jobs.start('298', OTHER, async () => done, internal)).toThrow(TooManyJobsError);
    await settle();
    expect(jobs.get(failing)).toMatchObject({ isJobCompleted: true, error: { customCode: 'internal_error' } });
    expect(jobs.isRunning('298', ADDRESS)).toBe(false);
  });

  it('answers a finished job the same after the table is opened again', async () => {
    const file = dbFile();
    const first = open(file);
    const before = new VerificationJobs(first);
    const verified = before.start('298', ADDRESS, async () => done, internal);
    const failed = before.start('298', OTHER, async () => ({ error: { customCode: 'no_match', message: 'no match', errorId: 'e1' } }), internal);
    await settle();
    const answers = [before.get(verified), before.get(failed)];
    before.close();
    first.close();
    const after = new VerificationJobs(open(file));
    expect([after.get(verified), after.get(failed)]).toEqual(answers);
  });

  it('ends its running jobs as interrupted when closed, and stores nothing they come to afterwards', async () => {
    const db = open();
    const jobs = new VerificationJobs(db, { now: () => new Date('2026-01-01T00:00:00Z') });
    let finish!: (outcome: JobOutcome) => void;
    const id = jobs.start('298', ADDRESS, () => new Promise<JobOutcome>((resolve) => { finish = resolve; }), internal);
    await settle();
    jobs.close();
    finish(done);
    await settle();
    expect(jobs.get(id)).toEqual({
      isJobCompleted: true, verificationId: id, jobStartTime: '2026-01-01T00:00:00.000Z', jobFinishTime: '2026-01-01T00:00:00.000Z',
      contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: '298', address: '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB' },
      error: { customCode: 'internal_error', message: INTERRUPTED_MESSAGE, errorId: expect.stringMatching(UUID) },
    });
  });

  it('ends a job left running by a process that stopped without closing when the table is opened next, each with its own errorId', async () => {
    const file = dbFile();
    const crashed = open(file);
    const before = new VerificationJobs(crashed);
    const ids = [before.start('298', ADDRESS, never, internal), before.start('298', OTHER, never, internal)];
    crashed.close(); // no jobs.close(): the process died
    const after = new VerificationJobs(open(file), { now: () => new Date('2026-01-01T00:05:00Z') });
    const answers = ids.map((id) => after.get(id));
    expect(answers).toMatchObject([
      { isJobCompleted: true, jobFinishTime: '2026-01-01T00:05:00.000Z', contract: { match: null }, error: { customCode: 'internal_error', message: INTERRUPTED_MESSAGE } },
      { isJobCompleted: true, error: { customCode: 'internal_error', message: INTERRUPTED_MESSAGE } },
    ]);
    expect(answers[0]!.error!.errorId).not.toBe(answers[1]!.error!.errorId);
    expect(after.isRunning('298', ADDRESS)).toBe(false);
  });
});
