import type { ApiError, ApiErrorCode } from '../common/api-contract.ts';

/** An error a handler throws on purpose; it reaches the renderer as a typed ApiError. */
export class ApiFailure extends Error {
  readonly code: ApiErrorCode;
  readonly details: string[];

  constructor(code: ApiErrorCode, message: string, details: string[] = []) {
    super(message);
    this.code = code;
    this.details = details;
  }

  toApiError(): ApiError {
    return { code: this.code, message: this.message, details: this.details };
  }
}
