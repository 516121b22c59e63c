import { describe, expect, it } from 'vitest';
import { TooManyJobsError, VerificationJobs, type JobOutcome } from '../../../main/verify/api/verification-jobs.ts';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const done: JobOutcome = { contract: { match: 'match', creationMatch: null, runtimeMatch: 'match', chainId: '298', address: ADDRESS } };
const internal = (): JobOutcome => ({ error: { customCode: 'internal_error', message: 'unexpected', errorId: 'x' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('VerificationJobs (the v2 tickets, in memory)', () => {
  it('keeps finished jobs for a while and then forgets them; running ones are kept however old', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const jobs = new VerificationJobs({ keepFinishedMs: 60_000, now: () => now });
    const finished = jobs.start('298', ADDRESS, async () => done, internal);
    const running = jobs.start('298', `0x${'cd'.repeat(20)}`, () => new Promise<JobOutcome>(() => undefined), internal);
    await settle();
    expect(jobs.get(finished)).toMatchObject({ isJobCompleted: true, jobFinishTime: '2026-01-01T00:00:00.000Z' });
    now = new Date('2026-01-01T00:01:01Z');
    expect(jobs.get(finished)).toBeNull();
    expect(jobs.get(running)).toMatchObject({ isJobCompleted: false });
  });

  it('keeps at most maxFinished finished jobs, the newest', async () => {
    const jobs = new VerificationJobs({ maxFinished: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(jobs.start('298', ADDRESS, async () => done, internal));
    await settle();
    jobs.start('298', ADDRESS, () => new Promise<JobOutcome>(() => undefined), internal);
    expect(ids.map((id) => jobs.get(id) !== null)).toEqual([false, true, true]);
  });

  it('refuses a job beyond maxRunning, and a work that throws ends its job with the internal error, not a crash', async () => {
    const jobs = new VerificationJobs({ maxRunning: 1 });
    const failing = jobs.start('298', ADDRESS, async () => { throw new Error('boom'); }, internal);
    expect(jobs.isRunning('298', ADDRESS)).toBe(true);
    expect(() => jobs.start('298', `0x${'cd'.repeat(20)}`, async () => done, internal)).toThrow(TooManyJobsError);
    await settle();
    expect(jobs.get(failing)).toMatchObject({ isJobCompleted: true, error: { customCode: 'internal_error' } });
    expect(jobs.isRunning('298', ADDRESS)).toBe(false);
  });
});
