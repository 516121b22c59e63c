import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { settledApiCall } from '../../../renderer/src/lib/settled-api-call.ts';

describe('settledApiCall', () => {
  it('passes typed answers through, ok or not', async () => {
    const ok: ApiResult<number> = { ok: true, value: 5 };
    const failed: ApiResult<number> = { ok: false, error: { code: 'not-found', message: 'gone', details: [] } };
    expect(await settledApiCall(async () => ok)).toBe(ok);
    expect(await settledApiCall(async () => failed)).toBe(failed);
  });

  it('turns a rejected promise or a throw before any promise into an unavailable error', async () => {
    expect(await settledApiCall<number>(() => Promise.reject(new Error('socket closed'))))
      .toEqual({ ok: false, error: { code: 'unavailable', message: 'socket closed', details: [] } });
    expect(await settledApiCall<number>(() => { throw 'no transport'; }))
      .toEqual({ ok: false, error: { code: 'unavailable', message: 'no transport', details: [] } });
  });
});
