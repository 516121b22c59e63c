import { decodeBase32 } from '../format/base32.ts';
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { parseEntityRef } from '../query/param-values.ts';
import { withOpaqueParams } from '../query/opaque-param.ts';

/** How an account given by id, alias or EVM address resolved. */
export type AccountResolution =
  | { ok: true; id: bigint }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'not-found'; message: string };

export const MISSING_ALIAS_MESSAGE = 'No account with a matching alias found';

const ALIAS = /^(?:(\d{1,5})\.)?(?:(\d{1,5})\.)?([A-Z2-7]+)$/;

/**
 * Decodes an account alias strictly: besides the alphabet, the length must be one a
 * base32 encoding can have and the unused trailing bits must be zero.
 */
export function decodeAliasStrict(text: string): Buffer | null {
  if ([1, 3, 6].includes(text.length % 8)) return null;
  const bytes = decodeBase32(text);
  if (bytes === null || bytes.length === 0) return null;
  const leftover = (text.length * 5) % 8;
  const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(text.at(-1)!);
  if (leftover > 0 && (last & ((1 << leftover) - 1)) !== 0) return null;
  return Buffer.from(bytes);
}

/** Parses an account alias with optional `shard.realm.` (which must be the configured ones). */
export function parseAccountAlias(text: string, shard: number, realm: number): Buffer | null | 'invalid' {
  const match = ALIAS.exec(text);
  if (!match) return null;
  const prefix = [match[1], match[2]].filter((p) => p !== undefined).map(Number);
  const [givenShard, givenRealm] = prefix.length === 2 ? prefix : [undefined, prefix[0]];
  if ((givenShard !== undefined && givenShard !== shard) || (givenRealm !== undefined && givenRealm !== realm)) return 'invalid';
  return decodeAliasStrict(match[3]!) ?? 'invalid';
}

/**
 * Resolves the `{idOrAliasOrEvmAddress}` path parameter as the reference does: an entity id
 * (or long-zero address) is taken as is; any other EVM address and an alias must belong to
 * an entity that is not deleted. An unknown alias or address is "not found".
 */
export function resolveAccountPathId(db: SqliteDatabase, text: string, shard = 0, realm = 0): AccountResolution {
  const ref = parseEntityRef(text, 'any', shard, realm);
  if (ref?.kind === 'id') return { ok: true, id: ref.id };
  if (ref?.kind === 'evm') {
    const id = findByEvmAddress(db, ref.address);
    return id === null ? { ok: false, reason: 'not-found', message: 'Not found' } : { ok: true, id };
  }
  const alias = parseAccountAlias(text, shard, realm);
  if (alias === null || alias === 'invalid') return { ok: false, reason: 'invalid' };
  const id = findByAlias(db, alias);
  return id === null ? { ok: false, reason: 'not-found', message: MISSING_ALIAS_MESSAGE } : { ok: true, id };
}

// Prepared once per database: these run on every by-address or by-alias request, and bind
// opaquely so that SQLite does not re-prepare them for every value.
const BY_EVM_ADDRESS_SQL = withOpaqueParams('SELECT id FROM entity WHERE evm_address = ? AND deleted = 0 LIMIT 2');
const BY_ALIAS_SQL = withOpaqueParams('SELECT id FROM entity WHERE alias = ? AND coalesce(deleted, 0) = 0 LIMIT 2');
const lookups = new WeakMap<SqliteDatabase, { byEvmAddress: Statement; byAlias: Statement }>();

function lookupStatements(db: SqliteDatabase): { byEvmAddress: Statement; byAlias: Statement } {
  let statements = lookups.get(db);
  if (!statements) {
    statements = {
      byEvmAddress: db.prepare(BY_EVM_ADDRESS_SQL).safeIntegers(true),
      byAlias: db.prepare(BY_ALIAS_SQL).safeIntegers(true),
    };
    lookups.set(db, statements);
  }
  return statements;
}

/** The live (not deleted) entity with this EVM address, or null. */
export function findByEvmAddress(db: SqliteDatabase, address: Buffer): bigint | null {
  const row = lookupStatements(db).byEvmAddress.all(address) as Array<{ id: bigint }>;
  return row.length === 1 ? row[0]!.id : null;
}

/** The live (not deleted) entity with this alias, or null. */
export function findByAlias(db: SqliteDatabase, alias: Buffer): bigint | null {
  const row = lookupStatements(db).byAlias.all(alias) as Array<{ id: bigint }>;
  return row.length === 1 ? row[0]!.id : null;
}
