import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { collectionElsewhere } from '../../../renderer/src/lib/nft-collection-elsewhere.ts';

/** A mirror answering `bodies` by path, 404 otherwise. */
function mirror(bodies: Record<string, unknown>) {
  return async (path: string): Promise<ApiResult<unknown>> =>
    (path in bodies ? { ok: true, value: bodies[path] } : { ok: false, error: { code: 'not-found', message: 'Not found', details: [] } });
}

describe('collectionElsewhere', () => {
  it('says a fungible token has no serials, with a link to the token', async () => {
    const get = mirror({ '/api/v1/tokens/0.0.1003': { token_id: '0.0.1003', type: 'FUNGIBLE_COMMON' } });
    expect(await collectionElsewhere('0.0.1003', get)).toEqual({ kind: 'token', what: 'a fungible token, whose units carry no serial numbers', hash: '#/token?id=0.0.1003' });
  });

  it('names another kind of entity as a by-id page would, and nothing for a collection or no entity', async () => {
    expect(await collectionElsewhere('0.0.5', mirror({ '/api/v1/accounts/0.0.5?transactions=false': { account: '0.0.5' } })))
      .toEqual({ kind: 'account', hash: '#/account?id=0.0.5' });
    expect(await collectionElsewhere('0.0.1002', mirror({ '/api/v1/tokens/0.0.1002': { token_id: '0.0.1002', type: 'NON_FUNGIBLE_UNIQUE' } }))).toBeNull();
    expect(await collectionElsewhere('0.0.7', mirror({}))).toBeNull();
  });

  it('adds nothing when the token could not be read', async () => {
    const failing = async (): Promise<ApiResult<unknown>> => ({ ok: false, error: { code: 'internal', message: 'The store broke', details: [] } });
    expect(await collectionElsewhere('0.0.1003', failing)).toBeNull();
  });
});
