import { sqlInt } from '../format/entity-id.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import type { BlockRow } from './contract-result-row.ts';

const BLOCK_COLUMNS = 'consensus_start, consensus_end, hash, "index", gas_used';
export const BLOCK_AT_SQL = `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE consensus_end >= ? ORDER BY consensus_end LIMIT 1`;

/** The block holding a consensus timestamp: the first record file ending at or after it. */
export function blockAt(statements: StatementCache, timestamp: bigint): BlockRow | null {
  const row = statements.get(BLOCK_AT_SQL)
    .get(sqlInt(timestamp)) as BlockRow | undefined;
  return row && row.consensus_start <= timestamp ? row : null;
}

/** The blocks of many timestamps, by timestamp. */
export function blocksAt(statements: StatementCache, timestamps: bigint[]): Map<bigint, BlockRow> {
  const out = new Map<bigint, BlockRow>();
  for (const timestamp of timestamps) {
    const block = blockAt(statements, timestamp);
    if (block) out.set(timestamp, block);
  }
  return out;
}
