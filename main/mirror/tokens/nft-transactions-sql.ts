import type { Filter } from '../http/filter-operator.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import type { SortOrder } from '../query/query-filters.ts';

/** The transaction type id of a token deletion, which ends every NFT of the token. */
export const TOKEN_DELETION_TYPE = 35;

/**
 * When something happened to one NFT: each version of the NFT (current and history rows)
 * started at a transaction, and a deleted token's deletion is one more event. Each part
 * reads a primary key range; the union is small (one NFT's versions).
 */
export function nftEventTimestampsSql(timestamps: Filter<bigint>[], order: SortOrder): string {
  const conditions = timestamps.map((f) => ` AND timestamp_range_lower ${SQL_OPERATOR[f.operator]} ?`).join('');
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  return `SELECT ts FROM (
  SELECT timestamp_range_lower AS ts FROM nft WHERE token_id = ? AND serial_number = ?${conditions}
  UNION ALL
  SELECT timestamp_range_lower AS ts FROM nft_history WHERE token_id = ? AND serial_number = ?${conditions}
  UNION ALL
  SELECT timestamp_range_lower AS ts FROM entity WHERE id = ? AND deleted = 1${conditions}
) ORDER BY ts ${direction} LIMIT ?`;
}

export function transactionsAtSql(count: number, order: SortOrder): string {
  return `SELECT consensus_timestamp, nonce, payer_account_id, type, valid_start_ns FROM "transaction"
WHERE consensus_timestamp IN (${Array(count).fill('?').join(', ')})
ORDER BY consensus_timestamp ${order === 'desc' ? 'DESC' : 'ASC'}`;
}

export const NFT_TRANSFER_AT_SQL = `SELECT sender_account_id, receiver_account_id, is_approval FROM nft_transfer
WHERE token_id = ? AND serial_number = ? AND consensus_timestamp = ?
LIMIT 1`;

export const NFT_CREATED_SQL = 'SELECT created_timestamp FROM nft WHERE token_id = ? AND serial_number = ?';
