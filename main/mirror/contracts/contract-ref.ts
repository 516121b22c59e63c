import type { StatementCache } from '../query/statement-cache.ts';
import { parseEntityRef, type EntityRef } from '../query/param-values.ts';

/**
 * A contract as the `{contractIdOrAddress}` path parameter names it: `shard.realm.num`,
 * `realm.num`, an encoded id, or a 40-hex EVM address (optionally `0x` or `shard.realm.`
 * prefixed). A long-zero address is the id it spells; any other address is looked up.
 */
export function parseContractRef(text: string, shard: number, realm: number): EntityRef | null {
  return parseEntityRef(text, 'any', shard, realm);
}

/**
 * The id of the live contract with this EVM address, or null. The reference looks only at
 * contracts that are not deleted and treats an address held by two as an error; here it is
 * "not found" instead of a 500.
 */
export function findContractByEvmAddress(statements: StatementCache, address: Buffer): bigint | null {
  const rows = statements.get("SELECT id FROM entity WHERE evm_address = ? AND deleted = 0 AND type = 'CONTRACT' LIMIT 2").all(address) as Array<{ id: bigint }>;
  return rows.length === 1 ? rows[0]!.id : null;
}

export type ContractIdResolution = { ok: true; id: bigint } | { ok: false; message: string };

/** Resolves a parsed reference to an encoded id; an unknown address is "not found". */
export function resolveContractRef(statements: StatementCache, ref: EntityRef): ContractIdResolution {
  if (ref.kind === 'id') return { ok: true, id: ref.id };
  const id = findContractByEvmAddress(statements, ref.address);
  return id === null
    ? { ok: false, message: `No contract with the given evm address 0x${ref.address.toString('hex')} has been found.` }
    : { ok: true, id };
}
