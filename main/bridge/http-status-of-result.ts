import type { ApiErrorCode, ApiResult } from '../common/api-contract.ts';

/**
 * The HTTP status the web bridge answers a call's result with. The body is the same typed result
 * whatever it is (the page reads `ok` and `error.code`), but a refused call answered 200 told
 * anything reading the status alone (a proxy's log, curl -f, a browser's network panel) that it went.
 */
const STATUS_OF_CODE: Record<ApiErrorCode, number> = {
  'invalid-input': 400,
  forbidden: 403,
  'not-found': 404,
  internal: 500,
  unavailable: 503,
};

export function httpStatusOfResult(result: ApiResult<unknown>): number {
  return result.ok ? 200 : STATUS_OF_CODE[result.error.code];
}
