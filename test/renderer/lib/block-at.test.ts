import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import type { MirrorReader } from '../../../renderer/src/lib/mirror-source.ts';
import { firstBlockEndingFrom, nextBlockNumber } from '../../../renderer/src/lib/block-at.ts';

/** A mirror holding blocks 0..`newest`, with `missing` left out (a gap). */
function mirror(newest: number, missing: readonly number[] = [], asked: string[] = []): MirrorReader {
  return {
    mirror: {
      get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
        asked.push(path);
        const after = Number(/block\.number=gt%3A(\d+)/.exec(path)![1]);
        const next = Array.from({ length: newest + 1 }, (_, n) => n).find((n) => n > after && !missing.includes(n));
        return { ok: true, value: { status: 200, body: { blocks: next === undefined ? [] : [{ number: next }], links: { next: null } } } };
      },
    },
  };
}

describe('nextBlockNumber', () => {
  it('answers the block after, asking for one block only', async () => {
    const asked: string[] = [];
    expect(await nextBlockNumber(mirror(10, [], asked), 4)).toEqual({ ok: true, value: 5 });
    expect(asked).toEqual(['/api/v1/blocks?block.number=gt%3A4&order=asc&limit=1']);
  });

  it('answers null after the newest, and the next one there is across a gap', async () => {
    expect(await nextBlockNumber(mirror(10), 10)).toEqual({ ok: true, value: null });
    expect(await nextBlockNumber(mirror(10, [5, 6]), 4)).toEqual({ ok: true, value: 7 });
  });

  it('passes on a failed request, also a broken transport', async () => {
    const broken: MirrorReader = { mirror: { get: async () => { throw new Error('bridge gone'); } } };
    expect(await nextBlockNumber(broken, 4)).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'bridge gone' } });
  });
});

describe('firstBlockEndingFrom', () => {
  /** Blocks of ten seconds each, ending at 10, 20, …, 100 (seconds), answered by their end. */
  function timedMirror(asked: string[] = []): MirrorReader {
    return {
      mirror: {
        get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
          asked.push(path);
          const from = Number(/timestamp=gte%3A(\d+)/.exec(path)![1]);
          const number = Array.from({ length: 10 }, (_, n) => n).find((n) => (n + 1) * 10 >= from);
          return { ok: true, value: { status: 200, body: { blocks: number === undefined ? [] : [{ number }], links: { next: null } } } };
        },
      },
    };
  }

  it('answers the block holding the moment, or the next one, asking for one block only', async () => {
    const asked: string[] = [];
    expect(await firstBlockEndingFrom(timedMirror(asked), '35.000000000')).toMatchObject({ ok: true, value: { number: 3 } });
    expect(asked).toEqual(['/api/v1/blocks?timestamp=gte%3A35.000000000&order=asc&limit=1']);
  });

  it('answers null past the newest block, and a typed error for a broken transport', async () => {
    expect(await firstBlockEndingFrom(timedMirror(), '101.000000000')).toEqual({ ok: true, value: null });
    const broken: MirrorReader = { mirror: { get: async () => { throw new Error('bridge gone'); } } };
    expect(await firstBlockEndingFrom(broken, '1.000000000')).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
