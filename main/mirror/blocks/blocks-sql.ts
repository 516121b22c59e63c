import type { Filter } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

const BLOCK_COLUMNS = `consensus_start, consensus_end, count, gas_used, hapi_version_major, hapi_version_minor, hapi_version_patch, hash,
  "index", logs_bloom, name, prev_hash, coalesce(size, length(bytes)) AS size`;

/**
 * A page of blocks. Block numbers and consensus ends rise together, so the page is in the same
 * order whichever the reference sorts by (the number when the first filter is one, else the end);
 * the key is the first filter's column, so that the planner walks that column's index.
 */
export function blocksSql(numbers: Filter<bigint>[], timestamps: Filter<bigint>[], byNumber: boolean, order: SortOrder, limit: number): { sql: string; params: bigint[] } {
  const where: string[] = [];
  const params: bigint[] = [];
  addComparisons(where, params, '"index"', numbers, (value) => value);
  addComparisons(where, params, 'consensus_end', timestamps, (value) => value);
  params.push(BigInt(limit));
  return {
    sql: `SELECT ${BLOCK_COLUMNS} FROM record_file ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
ORDER BY ${byNumber ? '"index"' : 'consensus_end'} ${order === 'desc' ? 'DESC' : 'ASC'} LIMIT ?`,
    params,
  };
}

export const BLOCK_BY_NUMBER_SQL = `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE "index" = ? LIMIT 1`;
/** A 64-digit hash names the block whose 96-digit hash starts with it (an Ethereum-sized block hash). */
export const BLOCK_BY_HASH_SQL = `SELECT ${BLOCK_COLUMNS} FROM record_file WHERE hash >= ? AND hash < ? ORDER BY consensus_end LIMIT 1`;
