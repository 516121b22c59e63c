import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import { contractResultCode } from '../../../renderer/src/lib/contract-result-code.ts';

/** A mirror reader answering `bodies` by path (404 otherwise), noting each path asked. */
function reader(bodies: Record<string, unknown>) {
  const asked: string[] = [];
  const api = {
    mirror: {
      get: async ({ path }: { path: string }): Promise<ApiResult<MirrorGetResponse>> => {
        asked.push(path);
        return path in bodies ? { ok: true, value: { status: 200, body: bodies[path] } } : { ok: false, error: { code: 'not-found', message: 'Not found', details: [] } };
      },
    },
  };
  return { api, asked };
}

describe('contractResultCode', () => {
  it('takes the code a row carries without asking', async () => {
    const { api, asked } = reader({});
    expect(await contractResultCode(api, '0.0.5', { result: 'CONTRACT_REVERT_EXECUTED', timestamp: '1700000000.000000001' })).toEqual({ ok: true, value: 'CONTRACT_REVERT_EXECUTED' });
    expect(asked).toEqual([]);
  });

  it("reads a row of a contract's own list, which carries no code, whole by its contract and timestamp", async () => {
    const { api, asked } = reader({ '/api/v1/contracts/0.0.5/results/1700000000.000000001': { result: 'INSUFFICIENT_GAS', status: '0x0' } });
    expect(await contractResultCode(api, '0.0.5', { timestamp: '1700000000.000000001' })).toEqual({ ok: true, value: 'INSUFFICIENT_GAS' });
    expect(asked).toEqual(['/api/v1/contracts/0.0.5/results/1700000000.000000001']);
  });

  it('passes a failed read on, and gives null for an answer without a code', async () => {
    expect(await contractResultCode(reader({}).api, '0.0.5', { timestamp: '1.2' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await contractResultCode(reader({ '/api/v1/contracts/0.0.5/results/1.2': {} }).api, '0.0.5', { timestamp: '1.2' })).toEqual({ ok: true, value: null });
  });

  it('does not ask for a row gone from the screen by its turn, so the next screen\'s reads do not wait behind it', async () => {
    const { api, asked } = reader({ '/api/v1/contracts/0.0.5/results/1.1': { result: 'SUCCESS' }, '/api/v1/contracts/0.0.5/results/1.2': { result: 'SUCCESS' } });
    const gone = new AbortController();
    gone.abort();
    expect(await contractResultCode(api, '0.0.5', { timestamp: '1.1' }, gone.signal)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(await contractResultCode(api, '0.0.5', { timestamp: '1.2' }, new AbortController().signal)).toEqual({ ok: true, value: 'SUCCESS' });
    expect(asked).toEqual(['/api/v1/contracts/0.0.5/results/1.2']);
  });
});
