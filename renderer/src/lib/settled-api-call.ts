import type { ApiResult } from '../../../main/common/api-contract.ts';

/**
 * Runs one API call and always answers a typed result. Transports resolve to typed errors
 * themselves; this only catches a broken one (a throw or a rejected promise), as `unavailable`.
 */
export async function settledApiCall<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: { code: 'unavailable', message: error instanceof Error ? error.message : String(error), details: [] } };
  }
}
