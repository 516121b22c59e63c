import { SourcifyLibError } from '@ethereum-sourcify/lib-sourcify';
import { CompilerRunError, CompilerUnavailableError } from '../compilers/compiler-errors.ts';
import { SolcOutputErrors } from '../compilers/pooled-solidity-compiler.ts';
import { ChainAccessError } from '../chain/deployed-code.ts';

/** What went wrong, in words a caller can branch on; the HTTP layer maps each to a status code. */
export type VerifyErrorKind =
  | 'bad_request'
  | 'compiler_unavailable'
  | 'compiler_failed'
  | 'compile_errors'
  | 'missing_sources'
  | 'unsupported_chain'
  | 'chain_unavailable'
  | 'not_deployed'
  | 'extra_file_input_bug'
  | 'no_match';

const HTTP_STATUS: Record<VerifyErrorKind, number> = {
  bad_request: 400,
  compiler_unavailable: 400,
  compiler_failed: 500,
  compile_errors: 400,
  missing_sources: 400,
  unsupported_chain: 400,
  chain_unavailable: 502,
  not_deployed: 404,
  extra_file_input_bug: 400,
  no_match: 400,
};

/** A verification failure with a plain-words message (the API's `{error}`) and its kind. */
export class VerifyError extends Error {
  readonly kind: VerifyErrorKind;
  constructor(kind: VerifyErrorKind, message: string) {
    super(message);
    this.name = 'VerifyError';
    this.kind = kind;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.kind];
  }
}

/** Turns anything thrown while verifying into a VerifyError with a message worth showing. */
export function toVerifyError(error: unknown): VerifyError {
  if (error instanceof VerifyError) return error;
  if (error instanceof CompilerUnavailableError) return new VerifyError('compiler_unavailable', error.message);
  if (error instanceof ChainAccessError) return new VerifyError('chain_unavailable', error.message);
  if (error instanceof SourcifyLibError) return fromLibError(error);
  if (error instanceof CompilerRunError) return new VerifyError('compiler_failed', error.message);
  if (error instanceof SolcOutputErrors) return new VerifyError('compile_errors', `the sources do not compile: ${error.message}`);
  return new VerifyError('compiler_failed', error instanceof Error ? error.message : String(error));
}

function fromLibError(error: SourcifyLibError): VerifyError {
  const cause = error.data?.compilerErrorMessage;
  switch (error.code) {
    case 'compiler_error':
      // Our compiler's own failures arrive wrapped by lib-sourcify: keep their words.
      if (cause?.startsWith('compiler not available')) return new VerifyError('compiler_unavailable', cause);
      if (error.data?.compilerErrors) return new VerifyError('compile_errors', `the sources do not compile: ${formatCompilerErrors(error.data.compilerErrors)}`);
      return new VerifyError('compiler_failed', cause ?? error.message);
    case 'missing_source':
    case 'missing_or_invalid_source':
      return new VerifyError('missing_sources', error.message);
    case 'contract_not_deployed':
      return new VerifyError('not_deployed', error.message);
    case 'cannot_fetch_bytecode':
      return new VerifyError('chain_unavailable', error.message);
    case 'extra_file_input_bug':
      return new VerifyError('extra_file_input_bug', EXTRA_FILE_INPUT_MESSAGE);
    case 'no_match':
    case 'bytecode_length_mismatch':
    case 'compiled_bytecode_is_zero':
      return new VerifyError('no_match', error.message);
    default:
      return new VerifyError('no_match', error.message);
  }
}

export const EXTRA_FILE_INPUT_MESSAGE =
  "The metadata hashes match but the bytecodes don't: the original compilation had more files in its input " +
  'than this contract needs (a known solc behaviour). Add every file of the original compilation, or use its full standard JSON input.';

function formatCompilerErrors(errors: unknown[]): string {
  return errors.map((e) => (e as { formattedMessage?: string; message?: string }).formattedMessage ?? (e as { message?: string }).message ?? '').join('\n').slice(0, 4000);
}
