import { randomUUID } from 'node:crypto';
import { checksumAddress } from '../engine/evm-address.ts';
import type { V2ErrorBody } from './sourcify-v2-errors.ts';

type V2Match = 'exact_match' | 'match' | null;

/** The contract part of a job, as Sourcify's `GET /v2/verify/{verificationId}` answers it. */
export interface JobContract {
  match: V2Match;
  creationMatch: V2Match;
  runtimeMatch: V2Match;
  chainId: string;
  address: string;
  verifiedAt?: string;
  matchId?: string;
}

/** What a job's work came to: the contract as verified, or Sourcify's error body. */
export type JobOutcome = { contract: JobContract } | { error: V2ErrorBody };

/** A job as the status route answers it. */
export interface JobView {
  isJobCompleted: boolean;
  verificationId: string;
  jobStartTime: string;
  jobFinishTime?: string;
  contract: JobContract;
  error?: V2ErrorBody;
}

interface Job {
  id: string;
  chainId: string;
  address: string;
  startedAt: Date;
  finishedAt?: Date;
  outcome?: JobOutcome;
}

export interface VerificationJobsOptions {
  /** Finished jobs kept for their status; the oldest go first beyond this. */
  maxFinished: number;
  /** How long a finished job's status stays readable. */
  keepFinishedMs: number;
  /** Jobs running at once (each holds its upload until it ends); more are refused. */
  maxRunning: number;
  now: () => Date;
}

/** A client polls within seconds; a day covers a laptop put to sleep mid-verification. */
const DEFAULTS: VerificationJobsOptions = { maxFinished: 1000, keepFinishedMs: 24 * 60 * 60 * 1000, maxRunning: 16, now: () => new Date() };

export class TooManyJobsError extends Error {}

/**
 * Verification jobs of the v2 API, in memory. A job is only a ticket: the verified contract it
 * yields is stored in the repository like any other, where the lookup finds it after a restart;
 * so the tickets need no table, and stay bounded (running jobs by count, finished ones by count
 * and age).
 */
export class VerificationJobs {
  private readonly jobs = new Map<string, Job>();
  private readonly options: VerificationJobsOptions;

  constructor(options: Partial<VerificationJobsOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Whether a job for this contract is still running. */
  isRunning(chainId: string, address: string): boolean {
    for (const job of this.jobs.values()) if (!job.outcome && job.chainId === chainId && job.address === address) return true;
    return false;
  }

  /** Starts `work` as a new job and returns its id at once; the work's own failures are its outcome, never thrown. */
  start(chainId: string, address: string, work: () => Promise<JobOutcome>, internalError: (error: unknown) => JobOutcome): string {
    this.prune();
    const running = [...this.jobs.values()].filter((job) => !job.outcome).length;
    if (running >= this.options.maxRunning) throw new TooManyJobsError(`${running} verifications are running; try again when one has finished`);
    const job: Job = { id: randomUUID(), chainId, address, startedAt: this.options.now() };
    this.jobs.set(job.id, job);
    void Promise.resolve()
      .then(work)
      .catch(internalError)
      .then((outcome) => {
        job.outcome = outcome;
        job.finishedAt = this.options.now();
      });
    return job.id;
  }

  get(id: string): JobView | null {
    this.prune();
    const job = this.jobs.get(id);
    if (!job) return null;
    const pending: JobContract = { match: null, creationMatch: null, runtimeMatch: null, chainId: job.chainId, address: checksumAddress(job.address) };
    return {
      isJobCompleted: job.outcome !== undefined,
      verificationId: job.id,
      jobStartTime: job.startedAt.toISOString(),
      ...(job.finishedAt ? { jobFinishTime: job.finishedAt.toISOString() } : {}),
      contract: job.outcome && 'contract' in job.outcome ? job.outcome.contract : pending,
      ...(job.outcome && 'error' in job.outcome ? { error: job.outcome.error } : {}),
    };
  }

  private prune(): void {
    const oldest = this.options.now().getTime() - this.options.keepFinishedMs;
    const finished = [...this.jobs.values()].filter((job) => job.finishedAt);
    let excess = finished.length - this.options.maxFinished;
    // Map order is start order, so the jobs started first go first.
    for (const job of finished) {
      if (excess > 0 || job.finishedAt!.getTime() < oldest) {
        this.jobs.delete(job.id);
        excess--;
      }
    }
  }
}
