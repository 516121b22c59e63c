import { SourcifyLibError } from '@ethereum-sourcify/lib-sourcify';
import { COMPILER_CRASH_MESSAGE_START, CompilerCrashError, CompilerRunError, CompilerUnavailableError } from '../compilers/compiler-errors.ts';
import { SolcOutputErrors } from '../compilers/pooled-solidity-compiler.ts';
import { ChainAccessError } from '../chain/deployed-code.ts';
import type { MirrorUnavailable } from '../../mirror/http/availability-gate.ts';
import { checksumAddress } from './evm-address.ts';
import { matchWords } from './match-words.ts';

/** What went wrong, in words a caller can branch on; the HTTP layer maps each to a status code. */
export type VerifyErrorKind =
  | 'bad_request'
  | 'compiler_unavailable'
  | 'compiler_failed'
  | 'compile_errors'
  | 'missing_sources'
  | 'unsupported_chain'
  | 'chain_unavailable'
  | 'profile_changed'
  | 'not_deployed'
  | 'extra_file_input_bug'
  | 'no_match'
  | 'store_damaged'
  | 'store_full';

const HTTP_STATUS: Record<VerifyErrorKind, number> = {
  bad_request: 400,
  compiler_unavailable: 400,
  compiler_failed: 500,
  compile_errors: 400,
  missing_sources: 400,
  unsupported_chain: 400,
  chain_unavailable: 502,
  profile_changed: 503,
  not_deployed: 404,
  extra_file_input_bug: 400,
  no_match: 400,
  // The verification database cannot be used (verify-db-health.ts): the app's, not the request's, as the mirror's store trouble is.
  store_damaged: 503,
  store_full: 503,
};

/**
 * The bytecodes a failed match compared, as Sourcify adds them to a job's error
 * (MatchingErrorResponse): each only when the attempt got that far (0x hex).
 */
export interface FailedMatchCodes {
  recompiledCreationCode?: string;
  recompiledRuntimeCode?: string;
  onchainCreationCode?: string;
  onchainRuntimeCode?: string;
  creationTransactionHash?: string;
}

/**
 * A verification failure with a plain-words message (the API's `{error}`) and its kind. `code` is
 * Sourcify's name for it where it has one (lib-sourcify's error code: `bytecode_length_mismatch`,
 * `invalid_compiler_version`, …), which APIv2 jobs report as their customCode.
 */
export class VerifyError extends Error {
  readonly kind: VerifyErrorKind;
  readonly code: string | undefined;
  /** Given by the Verifier when the failure came out of matching against the chain's code. */
  readonly matchCodes: FailedMatchCodes | undefined;
  constructor(kind: VerifyErrorKind, message: string, code?: string, matchCodes?: FailedMatchCodes) {
    super(message);
    this.name = 'VerifyError';
    this.kind = kind;
    this.code = code;
    this.matchCodes = matchCodes;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.kind];
  }
}

/**
 * A refusal because a size or count limit was reached (413), the message saying which limit and
 * what reached it. A bad request in kind: the client can send less.
 */
export class TooLargeError extends VerifyError {
  constructor(message: string) {
    super('bad_request', message);
    this.name = 'TooLargeError';
  }

  override get httpStatus(): number {
    return 413;
  }
}

/**
 * The chain's code cannot be read yet (the local mirror's demo ledger is being generated): a 503
 * with the mirror's own words and, when waiting helps, when to ask again (Retry-After), as the
 * mirror API answers meanwhile. Not "not deployed": the contract may be on its way.
 */
export class ChainNotReadyError extends VerifyError {
  readonly retryAfterSeconds: number | null;
  constructor(notReady: MirrorUnavailable) {
    super('chain_unavailable', notReady.message);
    this.name = 'ChainNotReadyError';
    this.retryAfterSeconds = notReady.retryAfterSeconds;
  }

  override get httpStatus(): number {
    return 503;
  }
}

export const PROFILE_CHANGED_MESSAGE = 'The network profile changed during the verification, so nothing was stored. Verify again.';

/**
 * The network profile was switched while a verification was reading its chain from the local
 * mirror: the store it began on is no longer the open one (or is closed), so what it read may not
 * all be of one ledger. Nothing is stored; verifying again reads the profile open now. A 503 like
 * a ledger not ready (a state of the app, not a fault), with no time to wait: it may be asked again at once.
 */
export class ProfileChangedError extends VerifyError {
  constructor() {
    super('profile_changed', PROFILE_CHANGED_MESSAGE);
    this.name = 'ProfileChangedError';
  }
}

/** The runtime and creation match of a verification (fresh or stored), as the conflict names them. */
interface MatchPair {
  chainId: string;
  address: string;
  runtimeMatch: 'perfect' | 'partial' | null;
  creationMatch: 'perfect' | 'partial' | null;
}

/**
 * A fresh match neither better nor worse than the one stored for its address (a second partial
 * match above all): not stored, and refused with Sourcify's 409 and, for two partial matches, its
 * very words. Otherwise (one bytecode better, the other worse) the words say which is which.
 */
export class AlreadyVerifiedError extends VerifyError {
  constructor(fresh: MatchPair, stored: MatchPair) {
    const contract = `The contract ${checksumAddress(fresh.address)} on chainId ${fresh.chainId}`;
    const partialOnly = (m: MatchPair) => m.runtimeMatch !== 'perfect' && m.creationMatch !== 'perfect';
    super('bad_request', partialOnly(fresh) && partialOnly(stored)
      ? `${contract} is already partially verified. The provided new source code also yielded a partial match and will not be stored unless it's a full match`
      : `${contract} is already verified (${matchWords(stored)}). The provided new source code yielded ${matchWords(fresh)}, not better for both bytecodes, and will not be stored`);
    this.name = 'AlreadyVerifiedError';
  }

  override get httpStatus(): number {
    return 409;
  }
}

/**
 * The files hold several contracts and the request did not say which to verify: a 400 listing
 * them (`contractsToChoose`, each name and path, in the order an index picks them), as Sourcify's.
 */
export class ContractChoiceError extends VerifyError {
  readonly contractsToChoose: Array<{ name: string; path: string }>;
  constructor(contracts: Array<{ name: string; path: string }>) {
    super('bad_request', `Detected ${contracts.length} contracts (${contracts.map((c) => c.name).join(', ')}), but can only verify 1 at a time: `
      + 'send chosenContract, the index (from 0) of one of contractsToChoose, or its name');
    this.name = 'ContractChoiceError';
    this.contractsToChoose = contracts;
  }
}

/** A chosenContract that names none of the contracts the files hold: Sourcify's 404. */
export class ChosenContractNotFoundError extends VerifyError {
  constructor(chosenContract: string) {
    super('bad_request', `Chosen contract not found. Received chosenContract: ${chosenContract.slice(0, 200)}`);
    this.name = 'ChosenContractNotFoundError';
  }

  override get httpStatus(): number {
    return 404;
  }
}

/** Turns anything thrown while verifying into a VerifyError with a message worth showing. */
export function toVerifyError(error: unknown): VerifyError {
  if (error instanceof VerifyError) return error;
  if (error instanceof CompilerUnavailableError) return new VerifyError('compiler_unavailable', error.message);
  if (error instanceof ChainAccessError) return new VerifyError('chain_unavailable', error.message);
  if (error instanceof SourcifyLibError) return fromLibError(error);
  // A crash is the input's doing (too large for solc, say), and the compiler was restarted: a 400, as a compile error.
  if (error instanceof CompilerCrashError) return new VerifyError('compile_errors', error.message);
  if (error instanceof CompilerRunError) return new VerifyError('compiler_failed', error.message);
  if (error instanceof SolcOutputErrors) return new VerifyError('compile_errors', `the sources do not compile: ${error.message}`);
  return new VerifyError('compiler_failed', error instanceof Error ? error.message : String(error));
}

/** A lib-sourcify error as one of our kinds, its own code kept (Sourcify's jobs report it as is). */
function fromLibError(error: SourcifyLibError): VerifyError {
  const cause = error.data?.compilerErrorMessage;
  const as = (kind: VerifyErrorKind, message: string) => new VerifyError(kind, message, error.code);
  switch (error.code) {
    case 'compiler_error':
      // Our compiler's own failures arrive wrapped by lib-sourcify: keep their words.
      if (cause?.startsWith('compiler not available')) return new VerifyError('compiler_unavailable', cause);
      if (cause?.startsWith(COMPILER_CRASH_MESSAGE_START)) return as('compile_errors', cause);
      if (error.data?.compilerErrors) return as('compile_errors', `the sources do not compile: ${formatCompilerErrors(error.data.compilerErrors)}`);
      return as('compiler_failed', cause ?? error.message);
    case 'missing_source':
    case 'missing_or_invalid_source':
      return as('missing_sources', error.message);
    case 'contract_not_deployed':
      return as('not_deployed', error.message);
    case 'cannot_fetch_bytecode':
      return as('chain_unavailable', error.message);
    case 'extra_file_input_bug':
      return as('extra_file_input_bug', EXTRA_FILE_INPUT_MESSAGE);
    case 'invalid_compiler_version':
    case 'unsupported_compiler_version':
    case 'invalid_compilation_target':
    case 'contract_not_found_in_compiler_output':
      return as('bad_request', error.message);
    default:
      // bytecode_length_mismatch, compiled_bytecode_is_zero, creation_bytecode_match_error, no_match, …
      return as('no_match', error.message);
  }
}

export const EXTRA_FILE_INPUT_MESSAGE =
  "The metadata hashes match but the bytecodes don't: the original compilation had more files in its input " +
  'than this contract needs (a known solc behaviour). Add every file of the original compilation, or use its full standard JSON input.';

function formatCompilerErrors(errors: unknown[]): string {
  return errors.map((e) => (e as { formattedMessage?: string; message?: string }).formattedMessage ?? (e as { message?: string }).message ?? '').join('\n').slice(0, 4000);
}
