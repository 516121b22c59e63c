import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../main/mirror/store/ledger-store.ts';
import { VerificationJobs, type JobError, type JobOutcome } from '../../../main/verify/api/verification-jobs.ts';
import { openVerifyDb } from '../../../main/verify/store/verify-db.ts';

// The bytecodes of failed matches are kept with their jobs in the verification database, on the
// latest failures only: a code can be some 100 KB of hex, and a thousand jobs are kept.

const ADDRESS = `0x${'ab'.repeat(20)}`;
const CODE = `0x${'60'.repeat(2000)}`;
const failedMatch = (n: number): { error: JobError } => ({
  error: {
    customCode: 'no_match', message: `attempt ${n}`, errorId: `id-${n}`,
    recompiledCreationCode: CODE, recompiledRuntimeCode: CODE, onchainCreationCode: CODE, onchainRuntimeCode: CODE, creationTransactionHash: `0x${'12'.repeat(32)}`,
  },
});
const done: JobOutcome = { contract: { match: 'match', creationMatch: null, runtimeMatch: 'match', chainId: '298', address: ADDRESS } };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const opened: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('VerificationJobs: the bytecodes of failed matches', () => {
  it('stay on the latest maxFinishedWithCodes failures; older ones keep their code, message and transaction', async () => {
    const db = openVerifyDb(':memory:');
    opened.push(db);
    const jobs = new VerificationJobs(db, { maxFinishedWithCodes: 2 });
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      ids.push(jobs.start('298', ADDRESS, async () => failedMatch(n), () => done));
      await settle();
    }
    // A success in between counts for nothing: only failures carry codes.
    jobs.start('298', ADDRESS, async () => done, () => done);
    await settle();
    jobs.start('298', ADDRESS, () => new Promise<JobOutcome>(() => undefined), () => done); // pruning runs at a start
    const errors = ids.map((id) => jobs.get(id)!.error!);
    expect(errors[0]).toEqual({ customCode: 'no_match', message: 'attempt 0', errorId: 'id-0', creationTransactionHash: `0x${'12'.repeat(32)}` });
    expect(errors[1]).toEqual(failedMatch(1).error);
    expect(errors[2]).toEqual(failedMatch(2).error);
  });
});
