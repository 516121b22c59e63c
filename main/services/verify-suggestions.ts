import type { ContractSuggestion } from '../common/verify-types.ts';
import { contractAddress } from '../mirror/contracts/contract-hex.ts';
import { encodeEntityId } from '../mirror/format/entity-id.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';

const LIMIT = 50;

interface Row {
  shard: number;
  realm: number;
  num: number;
  evm_address: Buffer | null;
  memo: string | null;
}

/**
 * Contracts of the local mirror that have deployed code (only those can be verified), newest
 * first, whose id (`0.0.1234` or `1234`) or address contains `query`. Reads the same `entity`
 * and `contract` tables the verification engine reads deployed code from, so an address offered
 * here is one the engine can find.
 */
export function contractSuggestions(db: SqliteDatabase, query: string, verified: (address: string) => 'perfect' | 'partial' | null): ContractSuggestion[] {
  let rows: Row[];
  try {
    // The store is walked newest first and stops at LIMIT matches: the filter runs in JS so any
    // part of the id or address matches, and contracts are few next to accounts.
    const statement = db.prepare(`SELECT e.shard, e.realm, e.num, e.evm_address, e.memo FROM contract c JOIN entity e ON e.id = c.id
      WHERE c.runtime_bytecode IS NOT NULL AND length(c.runtime_bytecode) > 0 AND (e.deleted IS NULL OR e.deleted = 0) ORDER BY c.id DESC`);
    rows = [];
    const needle = query.trim().toLowerCase().replace(/^0x/, '');
    for (const row of statement.iterate() as IterableIterator<Row>) {
      if (needle === '' || matches(row, needle)) rows.push(row);
      if (rows.length >= LIMIT) break;
    }
  } catch (error) {
    // A store without contract tables (an old schema) simply has nothing to suggest.
    if (/no such (table|column)/.test((error as Error).message)) return [];
    throw error;
  }
  return rows.map((row) => {
    const address = addressOf(row);
    return { contractId: `${row.shard}.${row.realm}.${row.num}`, address, memo: row.memo ?? '', verified: verified(address) };
  });
}

/**
 * The address the verification engine finds the contract's code at: its EVM address, else its
 * long-zero form. Built from shard, realm and num rather than the encoded id, which outside
 * shard 0 realm 0 passes 2^53 and, read as a double, loses its last bits.
 */
function addressOf(row: Row): string {
  return contractAddress(row.evm_address, encodeEntityId(row.shard, row.realm, row.num))!;
}

function matches(row: Row, needle: string): boolean {
  return `${row.shard}.${row.realm}.${row.num}`.includes(needle) || addressOf(row).slice(2).includes(needle);
}
