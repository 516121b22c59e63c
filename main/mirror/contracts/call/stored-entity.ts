import { sqlInt } from '../../format/entity-id.ts';
import type { StatementCache } from '../../query/statement-cache.ts';
import { longZeroEntityId } from '../contract-hex.ts';
import { balanceAt } from './historical-balance.ts';

/** What the EVM needs of a ledger entity: its id, HBAR balance, nonce and code. */
export interface EntityState {
  id: bigint;
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
}

const EMPTY = new Uint8Array(0);

const CODE_SQL = 'SELECT runtime_bytecode FROM contract WHERE id = ?';

/** The entity now, by id (a long-zero address names it in any state). */
const CURRENT_BY_ID_SQL = 'SELECT id, balance, ethereum_nonce FROM entity WHERE id = ?';

/** The live entity now, by EVM address or alias. */
const CURRENT_BY_ADDRESS_SQL = `SELECT id, balance, ethereum_nonce FROM entity WHERE evm_address = ? AND coalesce(deleted, 0) = 0
UNION ALL SELECT id, balance, ethereum_nonce FROM entity WHERE alias = ? AND coalesce(deleted, 0) = 0 LIMIT 1`;

/** The entity version (current or history) in force at :at: the newest that began by then. */
const VERSION_AT_SQL = `SELECT id, deleted, created_timestamp, ethereum_nonce FROM (
  SELECT id, deleted, created_timestamp, ethereum_nonce, timestamp_range_lower FROM entity WHERE id = :id AND timestamp_range_lower <= :at
  UNION ALL
  SELECT id, deleted, created_timestamp, ethereum_nonce, timestamp_range_lower FROM entity_history WHERE id = :id AND timestamp_range_lower <= :at
) ORDER BY timestamp_range_lower DESC LIMIT 1`;

/** The newest entity created by :at with this EVM address or alias (an address may be reused after a deletion). */
const ID_BY_ADDRESS_AT_SQL = `SELECT id FROM (
  SELECT id, created_timestamp FROM entity WHERE evm_address = :address AND coalesce(created_timestamp, 0) <= :at
  UNION ALL
  SELECT id, created_timestamp FROM entity WHERE alias = :address AND coalesce(created_timestamp, 0) <= :at
) ORDER BY created_timestamp DESC LIMIT 1`;

function codeOf(statements: StatementCache, id: bigint): Uint8Array {
  const row = statements.get(CODE_SQL).get(sqlInt(id)) as { runtime_bytecode: Buffer | null } | undefined;
  return row?.runtime_bytecode ?? EMPTY;
}

/** The entity behind an EVM address (long-zero form, EVM address or 20-byte alias) as it is now, or null. */
export function currentEntity(statements: StatementCache, address: Buffer, shard: number, realm: number): EntityState | null {
  type Row = { id: bigint; balance: bigint | null; ethereum_nonce: bigint | null };
  let row: Row | undefined;
  const id = longZeroEntityId(address, shard, realm);
  if (id !== null) row = statements.get(CURRENT_BY_ID_SQL).get(sqlInt(id)) as Row | undefined;
  row ??= statements.get(CURRENT_BY_ADDRESS_SQL).get(address, address) as Row | undefined;
  if (!row) return null;
  return { id: row.id, balance: row.balance ?? 0n, nonce: row.ethereum_nonce ?? 0n, code: codeOf(statements, row.id) };
}

/**
 * The entity behind an EVM address as it was at consensus timestamp `at` (the end of a past
 * block), or null when it did not exist then: created later, or deleted by then. The version in
 * force then (picked as the reference's EntityRepository.findActive*AndTimestamp pick it, except
 * that a deletion in force hides the entity, where those skip the deleting version and find the
 * one before) gives the nonce; the balance is the one of then (historical-balance.ts). Bytecode
 * changes only by creation and deletion, so the stored code is the code of then.
 */
export function entityAt(statements: StatementCache, address: Buffer, at: bigint, shard: number, realm: number): EntityState | null {
  const longZero = longZeroEntityId(address, shard, realm);
  const version = (longZero === null ? null : versionAt(statements, longZero, at)) ?? versionByAddressAt(statements, address, at);
  if (!version) return null;
  return {
    id: version.id,
    balance: balanceAt(statements, version.id, at, shard, realm),
    nonce: version.ethereum_nonce ?? 0n,
    code: codeOf(statements, version.id),
  };
}

type Version = { id: bigint; deleted: bigint | null; created_timestamp: bigint | null; ethereum_nonce: bigint | null };

function versionAt(statements: StatementCache, id: bigint, at: bigint): Version | null {
  const version = statements.get(VERSION_AT_SQL).get({ id: sqlInt(id), at: sqlInt(at) }) as Version | undefined;
  if (!version || version.deleted) return null;
  // A synced row can keep a range starting before its creation (a first copy had none): the creation
  // time decides, as the reference's balance reader (AccountDatabaseAccessor) checks it too.
  if (version.created_timestamp !== null && version.created_timestamp > at) return null;
  return version;
}

function versionByAddressAt(statements: StatementCache, address: Buffer, at: bigint): Version | null {
  const row = statements.get(ID_BY_ADDRESS_AT_SQL).get({ address, at: sqlInt(at) }) as { id: bigint } | undefined;
  return row ? versionAt(statements, row.id, at) : null;
}
