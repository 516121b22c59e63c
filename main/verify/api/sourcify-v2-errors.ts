import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { VerifyError, type VerifyErrorKind } from '../engine/verify-error.ts';

/** Sourcify APIv2's error body: every v2 error answers in this shape, so clients can read `customCode`. */
export interface V2ErrorBody {
  customCode: string;
  message: string;
  errorId: string;
}

/** An APIv2 error with its HTTP status and Sourcify's `customCode`. */
export class V2Error extends Error {
  readonly status: number;
  readonly customCode: string;
  constructor(status: number, customCode: string, message: string) {
    super(message);
    this.name = 'V2Error';
    this.status = status;
    this.customCode = customCode;
  }
}

export const invalidParameter = (message: string): V2Error => new V2Error(400, 'invalid_parameter', message);

export function v2ErrorBody(customCode: string, message: string): V2ErrorBody {
  return { customCode, message, errorId: randomUUID() };
}

/**
 * The customCode a verification job reports for an engine error: lib-sourcify's codes where Sourcify
 * has one (hardhat-verify branches on `contract_not_deployed` and `already_verified`).
 */
const JOB_ERROR_CODES: Record<VerifyErrorKind, string> = {
  bad_request: 'invalid_parameter',
  compiler_unavailable: 'unsupported_compiler_version',
  compiler_failed: 'compiler_error',
  compile_errors: 'compiler_error',
  missing_sources: 'missing_source',
  unsupported_chain: 'unsupported_chain',
  chain_unavailable: 'cannot_fetch_bytecode',
  // Not Sourcify's (its chains are never switched under it): its own code, the message says to verify again.
  profile_changed: 'network_profile_changed',
  not_deployed: 'contract_not_deployed',
  extra_file_input_bug: 'extra_file_input_bug',
  no_match: 'no_match',
  // Not Sourcify's either (its database is not on the user's disk): each says what to do.
  store_damaged: 'verification_database_damaged',
  store_full: 'disk_full',
};

export function jobErrorCode(error: VerifyError): string {
  return JOB_ERROR_CODES[error.kind];
}

/**
 * The error handler of the v2 routes: their errors, the engine's, and Fastify's own (a body that
 * is not JSON, too large, of another type) in the v2 shape. A failure of the verification database
 * (`dbFailureOf`: damaged, its disk full) is a 503 saying so and what to do, as the v1 routes
 * answer it. Anything unexpected is a 500 `internal_error` whose details go to the log only, as Sourcify does.
 */
export function v2ErrorHandler(log: (line: string) => void, dbFailureOf: (error: unknown) => VerifyError | null) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (error instanceof V2Error) return reply.code(error.status).send(v2ErrorBody(error.customCode, error.message));
    // Logged where it is recognised (VerifyDbHealth), once, not once per request.
    const dbFailure = dbFailureOf(error);
    if (dbFailure) return reply.code(dbFailure.httpStatus).send(v2ErrorBody(jobErrorCode(dbFailure), dbFailure.message));
    // A chain the request cannot use here is Sourcify APIv2's 404 unsupported_chain (the v1 routes' 400).
    if (error instanceof VerifyError && error.kind === 'unsupported_chain') return reply.code(404).send(v2ErrorBody('unsupported_chain', error.message));
    if (error instanceof VerifyError && error.httpStatus < 500) {
      const customCode = error.httpStatus === 409 ? 'already_verified' : 'invalid_parameter';
      return reply.code(error.httpStatus).send(v2ErrorBody(customCode, error.message));
    }
    const status = (error as FastifyError).statusCode;
    // A body of a type APIv2 does not take (a form, plain bytes): Sourcify's validator refuses it, and
    // its v2 error handler answers that as invalid_parameter, a 400 like its other validation errors.
    if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().slice(0, 100);
      const said = type ? `unsupported media type ${type}` : 'media type not specified';
      return reply.code(400).send(v2ErrorBody('invalid_parameter', `${said}: send the request body as JSON (Content-Type: application/json)`));
    }
    if (!(error instanceof VerifyError) && status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(v2ErrorBody('invalid_parameter', error.message));
    }
    log(`verify API (v2): ${error.message}`);
    return reply.code(500).send(v2ErrorBody('internal_error', 'The server encountered an unexpected error.'));
  };
}
