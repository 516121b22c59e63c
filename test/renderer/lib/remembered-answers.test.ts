import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrordeskApi, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import { RememberedAnswers } from '../../../renderer/src/lib/remembered-answers.ts';

/** An API whose `mirror.get` answers what the test queued, in order; nothing else is called. */
function queuedApi(answers: Array<ApiResult<MirrorGetResponse>>): MirrordeskApi {
  return { mirror: { get: async () => answers.shift()!, call: async () => { throw new Error('not called'); } } } as unknown as MirrordeskApi;
}

describe('RememberedAnswers', () => {
  it('notes the oldest answer given from memory since the last reset, and passes every answer on unchanged', async () => {
    const answers: Array<ApiResult<MirrorGetResponse>> = [
      { ok: true, value: { status: 200, body: { nodes: [] } } },
      { ok: true, value: { status: 200, body: { nfts: [] }, rememberedAt: 5_000 } },
      { ok: true, value: { status: 200, body: { rewards: [] }, rememberedAt: 2_000 } },
      { ok: true, value: { status: 200, body: { allowances: [] }, rememberedAt: 9_000 } },
      { ok: false, error: { code: 'unavailable', message: 'The upstream mirror node did not answer', details: [] } },
      { ok: true, value: { status: 200, body: { tokens: [] } } },
    ];
    const expected = structuredClone(answers);
    const remembered = new RememberedAnswers();
    const seen: Array<number | null> = [];
    remembered.subscribe((oldest) => seen.push(oldest));
    const api = remembered.watching(queuedApi(answers));

    expect(await api.mirror.get({ path: '/api/v1/network/nodes' })).toEqual(expected[0]);
    expect(seen.at(-1)).toBeNull();
    for (const i of [1, 2, 3]) expect(await api.mirror.get({ path: '/x' })).toEqual(expected[i]);
    // The oldest stays: a newer remembered answer does not make the screen look fresher.
    expect(seen).toEqual([null, 5_000, 2_000]);
    remembered.reset();
    expect(seen.at(-1)).toBeNull();
    // Errors and live answers after a reset note nothing.
    expect(await api.mirror.get({ path: '/x' })).toEqual(expected[4]);
    expect(await api.mirror.get({ path: '/x' })).toEqual(expected[5]);
    expect(seen.at(-1)).toBeNull();
  });
});
