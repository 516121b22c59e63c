import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { TokenDirectory, type TokenSummary } from '../../../renderer/src/lib/token-directory.ts';
import { insertToken } from '../../helpers/token-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// The real mirror API over a real SQLite store: the directory's requests are answered as the app's would be.
const fixture = mirrorApiFixture((store) => {
  insertToken(store, 5001, { name: 'Amber Coin', symbol: 'AMBC', decimals: 8 });
  insertToken(store, 5002, { name: 'Vivid Punks', symbol: 'VIPU', decimals: 0, type: 'NON_FUNGIBLE_UNIQUE' });
  for (let id = 6000; id < 6060; id++) insertToken(store, id);
});

/** Reads through the mirror API as `mirror/get` does: a 4xx is a typed error. */
function reader() {
  const asked: string[] = [];
  const read = async (path: string): Promise<ApiResult<unknown>> => {
    asked.push(path);
    const response = await fixture.get(path);
    if (response.statusCode !== 200) return { ok: false, error: { code: response.statusCode === 404 ? 'not-found' : 'invalid-input', message: response.body, details: [] } };
    return { ok: true, value: response.json() };
  };
  return { read, asked };
}

/** The directory's next published value. */
function nextValue(directory: TokenDirectory): Promise<ReadonlyMap<string, TokenSummary>> {
  return new Promise((resolve) => {
    let first = true;
    const stop = directory.subscribe((value) => {
      if (first) { first = false; return; }
      stop();
      resolve(value);
    });
  });
}

describe('TokenDirectory', () => {
  it('asks for the ids wanted in one tick in one token list request, and keeps the answers', async () => {
    const { read, asked } = reader();
    const directory = new TokenDirectory(read);
    const answered = nextValue(directory);
    directory.want(['0.0.5001']);
    directory.want(['0.0.5002', '0.0.5001', '0.0.404']);
    const known = await answered;
    expect(asked).toEqual(['/api/v1/tokens?token.id=0.0.5001&token.id=0.0.5002&token.id=0.0.404&limit=3']);
    expect(known.get('0.0.5001')).toEqual({ id: '0.0.5001', name: 'Amber Coin', symbol: 'AMBC', decimals: 8 });
    // An NFT collection's amounts are serial counts: no decimals to scale by.
    expect(known.get('0.0.5002')).toEqual({ id: '0.0.5002', name: 'Vivid Punks', symbol: 'VIPU', decimals: null });
    expect(known.has('0.0.404')).toBe(false);

    // Known, missing and malformed ids are never asked again.
    directory.want(['0.0.5001', '0.0.404', 'not-an-id', '0.0.1; DROP']);
    await Promise.resolve();
    expect(asked).toHaveLength(1);
    expect(directory.get('0.0.5002')?.symbol).toBe('VIPU');
  });

  it('splits many ids into requests the mirror accepts, each answered in full', async () => {
    const { read, asked } = reader();
    const directory = new TokenDirectory(read);
    const ids = Array.from({ length: 60 }, (_, i) => `0.0.${6000 + i}`);
    const settled = new Promise<void>((resolve) => {
      const stop = directory.subscribe((value) => { if (value.size === 60) { stop(); resolve(); } });
    });
    directory.want(ids);
    await settled;
    expect(asked).toHaveLength(2);
    expect(ids.every((id) => directory.get(id)?.decimals === 2)).toBe(true);
  });

  it('leaves ids unnamed when the mirror cannot answer or answers nonsense, and asks again later', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    let down = true;
    const { read, asked } = reader();
    const directory = new TokenDirectory(async (path) => (down ? { ok: false, error: { code: 'unavailable', message: 'down', details: [] } } : read(path)));
    directory.want(['0.0.5001']);
    await settle();
    expect(directory.get('0.0.5001')).toBeUndefined();
    down = false;
    directory.want(['0.0.5001']);
    await settle();
    expect(asked).toHaveLength(1);
    expect(directory.get('0.0.5001')?.symbol).toBe('AMBC');

    const broken = new TokenDirectory(async () => { throw new Error('transport gone'); });
    broken.want(['0.0.5001']);
    for (const body of [null, 'text', { tokens: 'x' }, { tokens: [null, 7, { token_id: 5 }] }]) {
      const odd = new TokenDirectory(async () => ({ ok: true, value: body }));
      odd.want(['0.0.5001']);
      await settle();
      expect(odd.get('0.0.5001')).toBeUndefined();
    }
    expect(broken.get('0.0.5001')).toBeUndefined();
  });
});
