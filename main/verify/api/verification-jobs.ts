import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../../mirror/store/ledger-store.ts';
import type { FailedMatchCodes } from '../engine/verify-error.ts';
import { unverifiedContract } from './contract-lookup.ts';
import { v2ErrorBody, type V2ErrorBody } from './sourcify-v2-errors.ts';

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

/** A failed job's error: Sourcify's body, and for a failed match the bytecodes it compared (MatchingErrorResponse). */
export type JobError = V2ErrorBody & FailedMatchCodes;

/** What a job's work came to: the contract as verified, or Sourcify's error body. */
export type JobOutcome = { contract: JobContract } | { error: JobError };

/** A job as the status route answers it. */
export interface JobView {
  isJobCompleted: boolean;
  verificationId: string;
  jobStartTime: string;
  jobFinishTime?: string;
  contract: JobContract;
  error?: JobError;
}

interface JobRow {
  id: string;
  chain_id: string;
  address: string;
  started_at: number;
  finished_at: number | null;
  outcome: string | null;
}

export interface VerificationJobsOptions {
  /** Finished jobs kept for their status; the oldest go first beyond this. */
  maxFinished: number;
  /** Failed jobs that keep the bytecodes their match compared; older ones keep the rest of their error. */
  maxFinishedWithCodes: number;
  /** How long a finished job's status stays readable. */
  keepFinishedMs: number;
  /** Jobs running at once in this process (each holds its upload until it ends); more are refused. */
  maxRunning: number;
  now: () => Date;
  /** Told when a job's outcome could not be stored. */
  log: (line: string) => void;
}

/**
 * A client polls its job within seconds; a day covers a laptop put to sleep mid-verification or
 * the app restarted meanwhile. A thousand finished jobs at a few KB at most each (an error message
 * is cut at 4000 characters) keep the table within a few MB however many jobs a day brings. The
 * bytecodes of a failed match (up to four codes of up to about 100 KB of hex each) stay on the
 * latest hundred failures only, so they add some tens of MB at most.
 */
const DEFAULTS: VerificationJobsOptions = {
  maxFinished: 1000,
  maxFinishedWithCodes: 100,
  keepFinishedMs: 24 * 60 * 60 * 1000,
  maxRunning: 16,
  now: () => new Date(),
  log: () => undefined,
};

/**
 * What a job still running when its process stopped answers. Sourcify ends such a job (its worker
 * pool destroyed at shutdown) with `internal_error`, its code for a job that failed on the
 * server's side; the message here says what happened and what to do.
 */
export const INTERRUPTED_MESSAGE = 'The verification was interrupted: the verifier stopped (the app was closed or restarted) before this job finished. Submit the verification again.';

export class TooManyJobsError extends Error {}

/**
 * Verification jobs of the v2 API, in the verification database (table `verification_job`), as
 * Sourcify keeps them in its own: a client polling across a restart finds its job answered as
 * before. A job running when its process stops never stays running: closing ends it as
 * interrupted, and a job left running by a process that stopped without closing is ended so when
 * the next one opens the table. Finished jobs are kept by age and count (DEFAULTS), running ones
 * by count.
 */
export class VerificationJobs {
  private readonly db: SqliteDatabase;
  private readonly options: VerificationJobsOptions;
  /** This process's running jobs: the ones maxRunning counts and closing ends. */
  private readonly running = new Set<string>();
  /**
   * Jobs of this process whose outcome could not be stored (a full disk, a damaged page), as the
   * status route answers them while it runs: else a client would poll a job "running" for good.
   */
  private readonly unstored = new Map<string, JobView>();
  private closed = false;

  constructor(db: SqliteDatabase, options: Partial<VerificationJobsOptions> = {}) {
    this.db = db;
    this.options = { ...DEFAULTS, ...options };
    // This process has started none yet: any job running is one whose process stopped.
    this.endAsInterrupted(this.db.prepare('SELECT id FROM verification_job WHERE finished_at IS NULL').pluck().all() as string[]);
    this.prune();
  }

  /** Whether a job for this contract is still running. */
  isRunning(chainId: string, address: string): boolean {
    return this.db.prepare('SELECT 1 FROM verification_job WHERE finished_at IS NULL AND chain_id = ? AND address = ?').get(chainId, address) !== undefined;
  }

  /** Starts `work` as a new job and returns its id at once; the work's own failures are its outcome, never thrown. */
  start(chainId: string, address: string, work: () => Promise<JobOutcome>, internalError: (error: unknown) => JobOutcome): string {
    if (this.running.size >= this.options.maxRunning) throw new TooManyJobsError(`${this.running.size} verifications are running; try again when one has finished`);
    const id = randomUUID();
    const startedAt = this.options.now().getTime();
    this.db.transaction(() => {
      this.prune();
      this.db.prepare('INSERT INTO verification_job (id, chain_id, address, started_at) VALUES (?, ?, ?, ?)').run(id, chainId, address, startedAt);
    })();
    this.running.add(id);
    void Promise.resolve()
      .then(work)
      .catch(internalError)
      .then((outcome) => this.finishOrKeep({ id, chain_id: chainId, address, started_at: startedAt }, outcome))
      .finally(() => this.running.delete(id));
    return id;
  }

  get(id: string): JobView | null {
    const kept = this.unstored.get(id);
    if (kept) return kept;
    const oldest = this.options.now().getTime() - this.options.keepFinishedMs;
    const row = this.db.prepare('SELECT * FROM verification_job WHERE id = ? AND (finished_at IS NULL OR finished_at >= ?)').get(id, oldest) as JobRow | undefined;
    return row ? viewOf(row) : null;
  }

  /**
   * Ends this process's running jobs as interrupted, as the service is about to stop: their work
   * cannot finish once the compilers and the database close. Nothing is stored after this.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.db.open) this.endAsInterrupted([...this.running]);
  }

  /**
   * Stores the outcome; when that fails, keeps it in memory for the status route. The stored job
   * then stays running until the next start ends it as interrupted.
   */
  private finishOrKeep(job: Pick<JobRow, 'id' | 'chain_id' | 'address' | 'started_at'>, outcome: JobOutcome): void {
    try {
      this.finish(job.id, outcome);
    } catch (error) {
      this.options.log(`verify API (v2): the outcome of job ${job.id} could not be stored (${(error as Error).message}); it is answered until the app stops`);
      this.unstored.set(job.id, viewOf({ ...job, finished_at: this.options.now().getTime(), outcome: JSON.stringify(outcome) }));
      // Within the count finished jobs are kept to: the oldest go first (a Map iterates in insertion order).
      for (const old of this.unstored.keys()) {
        if (this.unstored.size <= this.options.maxFinished) break;
        this.unstored.delete(old);
      }
    }
  }

  private finish(id: string, outcome: JobOutcome): void {
    if (this.closed || !this.db.open) return;
    // By id alone: another process opening the table meanwhile ended this job as interrupted, but
    // it did finish here, and what it came to is the better answer.
    this.db.prepare('UPDATE verification_job SET finished_at = ?, outcome = ? WHERE id = ?').run(this.options.now().getTime(), JSON.stringify(outcome), id);
  }

  private endAsInterrupted(ids: string[]): void {
    const end = this.db.prepare('UPDATE verification_job SET finished_at = ?, outcome = ? WHERE id = ? AND finished_at IS NULL');
    const now = this.options.now().getTime();
    // Each its own errorId, as every Sourcify error has.
    this.db.transaction(() => {
      for (const id of ids) end.run(now, JSON.stringify({ error: v2ErrorBody('internal_error', INTERRUPTED_MESSAGE) } satisfies JobOutcome), id);
    })();
  }

  /**
   * Finished jobs past their time go, and beyond maxFinished the ones that finished first; beyond
   * maxFinishedWithCodes, failed jobs lose the bytecodes of their error (its code, message and
   * creation transaction stay).
   */
  private prune(): void {
    this.db.prepare(`DELETE FROM verification_job WHERE finished_at < ? OR rowid IN (
        SELECT rowid FROM verification_job WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, rowid DESC LIMIT -1 OFFSET ?)`)
      .run(this.options.now().getTime() - this.options.keepFinishedMs, this.options.maxFinished);
    const codes = CODE_FIELDS.map((field) => `'$.error.${field}'`).join(', ');
    this.db.prepare(`UPDATE verification_job SET outcome = json_remove(outcome, ${codes}) WHERE rowid IN (
        SELECT rowid FROM verification_job WHERE finished_at IS NOT NULL AND json_type(outcome, '$.error') IS NOT NULL
        ORDER BY finished_at DESC, rowid DESC LIMIT -1 OFFSET ?) AND (${CODE_FIELDS.map((field) => `json_type(outcome, '$.error.${field}') IS NOT NULL`).join(' OR ')})`)
      .run(this.options.maxFinishedWithCodes);
  }
}

/** The bytecodes of a failed job's error, the bulk of it. */
const CODE_FIELDS = ['recompiledCreationCode', 'recompiledRuntimeCode', 'onchainCreationCode', 'onchainRuntimeCode'] as const satisfies ReadonlyArray<keyof FailedMatchCodes>;

function viewOf(row: JobRow): JobView {
  const outcome = row.outcome === null ? undefined : (JSON.parse(row.outcome) as JobOutcome);
  return {
    isJobCompleted: outcome !== undefined,
    verificationId: row.id,
    jobStartTime: new Date(row.started_at).toISOString(),
    ...(row.finished_at !== null ? { jobFinishTime: new Date(row.finished_at).toISOString() } : {}),
    contract: outcome && 'contract' in outcome ? outcome.contract : unverifiedContract(row.chain_id, row.address),
    ...(outcome && 'error' in outcome ? { error: outcome.error } : {}),
  };
}
