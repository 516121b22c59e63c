import type { ApiErrorCode, ApiResult } from '../../main/common/api-contract.ts';

/** A failed API result, as the renderer's mirror getter returns one. */
export const fail = (code: ApiErrorCode, message: string = code): ApiResult<never> => ({ ok: false, error: { code, message, details: [] } });

/**
 * A mirror getter over a fixed set of answers, for the renderer's lookups (search, filters): the
 * given paths answer their bodies or errors, everything else is a 404, as the real mirror answers.
 * `asked` lists every path asked, in order.
 */
export function fakeMirrorGetter(found: Record<string, unknown>, errors: Record<string, ApiResult<never>> = {}) {
  const asked: string[] = [];
  const get = async (path: string): Promise<ApiResult<unknown>> => {
    asked.push(path);
    if (path in errors) return errors[path]!;
    return path in found ? { ok: true, value: found[path] } : fail('not-found', 'Not found');
  };
  return { get, asked };
}
