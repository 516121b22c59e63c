import { anyLongZeroEntityId, longZeroAddress } from '../mirror/contracts/contract-hex.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Every address the local mirror knows the contract at `address` by, lower case, `address` first:
 * its own EVM address when `address` is the long-zero form (shard, realm, num) of a contract that
 * has one, and the long-zero form when `address` is a contract's own EVM address. A verification
 * is kept under the address it was made for, while the mirror names a contract both ways (a
 * contract result's `to` is long-zero, the contract's page shows its EVM address): each must find it.
 */
export function contractAddressAliases(db: SqliteDatabase, address: string): string[] {
  const asked = address.toLowerCase();
  if (!ADDRESS.test(address)) return [asked];
  const bytes = Buffer.from(address.slice(2), 'hex');
  const aliases = new Set([asked]);
  try {
    for (const row of db.prepare('SELECT id FROM entity WHERE evm_address = ?').safeIntegers(true).all(bytes) as Array<{ id: bigint }>) {
      const longZero = longZeroAddress(row.id);
      if (longZero) aliases.add(longZero);
    }
    const id = anyLongZeroEntityId(bytes);
    const own = id === null ? undefined : db.prepare('SELECT evm_address FROM entity WHERE id = ?').get(id) as { evm_address: Buffer | null } | undefined;
    if (own?.evm_address?.length === 20) aliases.add(`0x${own.evm_address.toString('hex')}`);
  } catch (error) {
    // A store without the entity table yet (a profile still being created) knows no other name.
    if (!/no such (table|column)/.test((error as Error).message)) throw error;
  }
  return [...aliases];
}
