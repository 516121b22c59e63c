import type { PathBuffer } from '@ethereum-sourcify/lib-sourcify';
import { checksumAddress } from '../engine/evm-address.ts';
import { matchWords } from '../engine/match-words.ts';
import type { FailedMatchCodes } from '../engine/verify-error.ts';
import { bothPerfect } from '../repository/match-ranking.ts';
import { betterKeptNote, type OneCallOutcome, type VerifyService } from '../verify-service.ts';
import { minimalContract } from './contract-lookup.ts';
import { jobErrorCode, V2Error, v2ErrorBody } from './sourcify-v2-errors.ts';
import { TooManyJobsError, type JobOutcome, type VerificationJobs } from './verification-jobs.ts';

/** A standard JSON input as the v2 routes have checked it (Sourcify's validateStandardJsonInput). */
export interface JsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings?: unknown;
}

/** Where a job verifies: the chain, the address (lower-case 0x hex) and the creation transaction, if given. */
export interface JobTarget {
  chainId: string;
  address: string;
  creatorTxHash: string | null;
}

/**
 * Sourcify's last two checks before a verification job (checkIfAlreadyVerified,
 * checkIfJobIsAlreadyRunning): a contract whose runtime and creation bytecode both matched exactly
 * is not verified again (409), and a contract is verified by one job at a time (429). The explorer
 * import runs them before it asks the explorer, so a request that will be refused spends no API key.
 */
export function refuseVerifiedOrRunning(service: VerifyService, jobs: VerificationJobs, chainId: string, address: string): void {
  const shown = checksumAddress(address);
  const stored = service.repository.get(chainId, address);
  if (bothPerfect(stored)) {
    throw new V2Error(409, 'already_verified', `Contract ${shown} on chain ${chainId} is already verified with runtimeMatch and creationMatch both being exact matches.`);
  }
  if (jobs.isRunning(chainId, address)) throw new V2Error(429, 'duplicate_verification_request', `Contract ${shown} on chain ${chainId} is already being verified`);
}

/**
 * Starts a job once the request passed its checks, those of refuseVerifiedOrRunning included
 * (checked again here: another job may have started, or stored a match, while the explorer was asked).
 */
export function startVerifyJob(service: VerifyService, jobs: VerificationJobs, target: JobTarget, work: () => Promise<JobOutcome>): string {
  refuseVerifiedOrRunning(service, jobs, target.chainId, target.address);
  try {
    return jobs.start(target.chainId, target.address, work, () => failed('internal_error', 'The server encountered an unexpected error.'));
  } catch (error) {
    if (error instanceof TooManyJobsError) throw new V2Error(429, 'too_many_requests', error.message);
    throw error;
  }
}

/** The work of a job verifying `path:name` of a standard JSON input (`POST /v2/verify/…` and the explorer import). */
export function standardJsonWork(service: VerifyService, input: JsonInput, compilerVersion: string, contract: { path: string; name: string }, target: JobTarget): () => Promise<JobOutcome> {
  const { path, name } = contract;
  return async () => {
    if (input.language !== 'Solidity') return unsupportedLanguage(input.language);
    if (!Object.hasOwn(input.sources, path)) {
      return failed('contract_not_found_in_compiler_output', `${path} is not among the sources of the standard JSON input, so ${path}:${name} cannot be compiled`);
    }
    // hardhat-verify sends the version as solc prints it, `v0.8.4+commit.c7e474f2`: the engine reads it with or without the `v`.
    // The path picks the file: another source declaring a contract of the same name is never compiled in its place.
    return outcomeOf(service, () => service.verifySolcJson(input, compilerVersion, { name, path }, target));
  };
}

/** The work of a job verifying a metadata.json and its sources (`POST /v2/verify/metadata/…`). */
export function metadataWork(service: VerifyService, metadata: { language?: unknown }, sources: PathBuffer[], target: JobTarget): () => Promise<JobOutcome> {
  return async () => {
    if (metadata.language !== 'Solidity') return unsupportedLanguage(metadata.language);
    const files = [{ path: 'metadata.json', buffer: Buffer.from(JSON.stringify(metadata), 'utf8') }, ...sources];
    return outcomeOf(service, () => service.verifyFiles(files, target));
  };
}

/**
 * Runs a verification and turns its outcome, or its failure, into the job's: lib-sourcify's own
 * error code as Sourcify reports it (bytecode_length_mismatch, invalid_compiler_version, …), else
 * the code of the failure's kind (the verification database's failures too: a full disk, damage,
 * each saying what to do), and the bytecodes a failed match compared.
 */
async function outcomeOf(service: VerifyService, verify: () => Promise<OneCallOutcome>): Promise<JobOutcome> {
  let outcome: OneCallOutcome;
  try {
    outcome = await verify();
  } catch (error) {
    const verifyError = service.describeFailure(error);
    // A match no better than the stored one (the engine's 409) is Sourcify's already_verified job error.
    if (verifyError.httpStatus === 409) return failed('already_verified', `${NOT_BETTER}: ${verifyError.message}`);
    return failed(verifyError.code ?? jobErrorCode(verifyError), verifyError.message, verifyError.matchCodes);
  }
  switch (outcome.kind) {
    case 'verified':
      return { contract: minimalContract(outcome.record) };
    case 'already-verified':
      return failed('already_verified', `${NOT_BETTER}: these sources are the compilation stored on ${outcome.record.verifiedAt} (${matchWords(outcome.record)})`);
    case 'unchanged':
      return failed('already_verified', `${NOT_BETTER}: the same sources were verified on ${outcome.record.verifiedAt} with the same result (${matchWords(outcome.record)})`);
    case 'better-kept':
      return failed('already_verified', `${NOT_BETTER}: ${betterKeptNote(outcome.kept, outcome.sameSources)}`);
  }
}

/** Sourcify's words for a job whose match is not better than the stored one. */
const NOT_BETTER = "The contract is already verified and the job didn't yield a better match";

function failed(customCode: string, message: string, matchCodes?: FailedMatchCodes): JobOutcome {
  return { error: { ...v2ErrorBody(customCode, message), ...matchCodes } };
}

function unsupportedLanguage(language: unknown): JobOutcome {
  return failed('unsupported_language', `The provided language is not supported: this verifier compiles Solidity only, not "${String(language).slice(0, 40)}".`);
}
