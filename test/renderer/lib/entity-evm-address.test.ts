import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import { AbiError } from '../../../renderer/src/lib/abi-codec.ts';
import { entityAddressNote, entityEvmAddress } from '../../../renderer/src/lib/entity-evm-address.ts';
import type { MirrorReader } from '../../../renderer/src/lib/mirror-source.ts';

const ECDSA = '0x9a4c2a03f386d0574f9cb8a19ea2f1dff5e3a062';

/** A mirror that holds two accounts: one with its own EVM address, one known by its long-zero address. */
function mirror(paths: string[] = []): MirrorReader {
  const accounts: Record<string, unknown> = {
    '0.0.2787': { account: '0.0.2787', evm_address: ECDSA.toUpperCase().replace('0X', '0x') },
    '0.0.1015': { account: '0.0.1015', evm_address: '0x00000000000000000000000000000000000003f7' },
  };
  return {
    mirror: {
      get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
        paths.push(path);
        if (path.includes('0.0.9')) return { ok: false, error: { code: 'unavailable', message: 'the mirror is not running', details: [] } };
        const body = accounts[/accounts\/([^?]+)/.exec(path)![1]!];
        return body ? { ok: true, value: { status: 200, body } as MirrorGetResponse } : { ok: false, error: { code: 'not-found', message: 'Not found', details: [] } };
      },
    },
  };
}

describe('entityEvmAddress', () => {
  it("answers an account's own EVM address, as the EVM sees it calling", async () => {
    const paths: string[] = [];
    expect(await entityEvmAddress(mirror(paths), '0.0.2787')).toEqual({ ok: true, value: { id: '0.0.2787', address: ECDSA, source: 'evm' } });
    expect(paths).toEqual(['/api/v1/accounts/0.0.2787?transactions=false']);
  });

  it('answers the long-zero address for an account without another, or an id the mirror has no account for', async () => {
    expect(await entityEvmAddress(mirror(), '0.0.1015')).toEqual({ ok: true, value: { id: '0.0.1015', address: '0x00000000000000000000000000000000000003f7', source: 'long-zero' } });
    // A token, say: the EVM knows it by its long-zero address.
    expect(await entityEvmAddress(mirror(), '0.0.1001')).toEqual({ ok: true, value: { id: '0.0.1001', address: '0x00000000000000000000000000000000000003e9', source: 'not-here' } });
  });

  it('passes on a lookup that failed, and refuses an id that is no address', async () => {
    expect(await entityEvmAddress(mirror(), '0.0.9')).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    await expect(entityEvmAddress(mirror(), '0.0.18446744073709551616')).rejects.toThrow(AbiError);
  });
});

describe('entityAddressNote', () => {
  it('says which address an id became and why', () => {
    expect(entityAddressNote({ id: '0.0.2787', address: ECDSA, source: 'evm' })).toBe(`0.0.2787 → ${ECDSA} (its EVM address)`);
    expect(entityAddressNote({ id: '0.0.1001', address: '0x00000000000000000000000000000000000003e9', source: 'not-here' }))
      .toBe('0.0.1001 → 0x00000000000000000000000000000000000003e9 (its long-zero address; the local mirror has no account or contract 0.0.1001)');
  });
});
