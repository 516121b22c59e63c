import { sqlInt } from '../format/entity-id.ts';
import { parseHash32or48 } from '../query/param-values.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import { BLOCK_BY_HASH_SQL, BLOCK_BY_NUMBER_SQL } from './blocks-sql.ts';
import type { BlockRecordRow } from './render-block.ts';

/** One block by its number (`index`), for `/blocks/{number}` and the contract results' `block.number`. */
export function blockByNumber(statements: StatementCache, number: bigint): BlockRecordRow | null {
  return (statements.get(BLOCK_BY_NUMBER_SQL).get(sqlInt(number)) as BlockRecordRow | undefined) ?? null;
}

/**
 * One block by its hash, for `/blocks/{hash}` and the contract results' `block.hash`: 64 or 96
 * hex digits, `0x` optional; 64 digits name the block whose hash starts with them, as in the
 * reference (`hash like '…%'`). Null for anything else, or when no block has it.
 */
export function blockByHash(statements: StatementCache, text: string): BlockRecordRow | null {
  const hex = parseHash32or48(text);
  if (hex === null) return null;
  return (statements.get(BLOCK_BY_HASH_SQL).get(hex, `${hex}g`) as BlockRecordRow | undefined) ?? null;
}
