/**
 * The address the EVM sees for a Hedera entity typed by its id, for a contract call's caller or an
 * `address` argument. An account with an ECDSA key (and a contract created with CREATE2) has its
 * own EVM address: that is `msg.sender` when it calls, and what a contract stored about it. Any
 * other entity is known to the EVM by its long-zero address. So an id is looked up, not spelt out.
 */
import type { ApiResult } from '../../../main/common/api-contract.ts';
import { longZeroAddress } from './abi-codec.ts';
import { fetchAccount } from './accounts-source.ts';
import type { MirrorReader } from './mirror-source.ts';
import { settledApiCall } from './settled-api-call.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export interface EntityAddress {
  id: string;
  /** Lower-case 0x and 40 hex digits. */
  address: string;
  /**
   * `evm`: the entity's own EVM address; `long-zero`: the account or contract has no other;
   * `not-here`: the local mirror has no account or contract by that id (a token, a file, or one it
   * does not hold), so its long-zero address is all there is to go by.
   */
  source: 'evm' | 'long-zero' | 'not-here';
}

/** Looks `id` up among the local mirror's accounts (which include contracts). Throws AbiError for an id that does not fit an address. */
export async function entityEvmAddress(api: MirrorReader, id: string): Promise<ApiResult<EntityAddress>> {
  const longZero = longZeroAddress(id);
  const result = await settledApiCall(() => fetchAccount(api, id));
  if (!result.ok) return result.error.code === 'not-found' ? { ok: true, value: { id, address: longZero, source: 'not-here' } } : result;
  const evm: unknown = result.value.evm_address;
  const address = typeof evm === 'string' && ADDRESS.test(evm) ? evm.toLowerCase() : longZero;
  return { ok: true, value: { id, address, source: address === longZero ? 'long-zero' : 'evm' } };
}

/** `0.0.2787 → 0x9a4c…` and where the address comes from, for a note beside the field it was typed in. */
export function entityAddressNote(resolved: EntityAddress): string {
  const why = {
    evm: 'its EVM address',
    'long-zero': 'its long-zero address; it has no other',
    'not-here': `its long-zero address; the local mirror has no account or contract ${resolved.id}`,
  }[resolved.source];
  return `${resolved.id} → ${resolved.address} (${why})`;
}
