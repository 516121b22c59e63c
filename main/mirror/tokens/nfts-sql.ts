import { sqlInt } from '../format/entity-id.ts';
import type { SqlStatement } from '../query/sql-statement.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import type { TokenNftsQuery } from './nfts-params.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

/** NFT columns as the API shows them: deleted when the NFT or its token is. */
export const NFT_COLUMNS = `nft.account_id, nft.created_timestamp, nft.delegating_spender,
  (nft.deleted OR coalesce(e.deleted, 0)) AS deleted, nft.metadata, nft.serial_number, nft.spender,
  nft.timestamp_range_lower, nft.token_id`;

/** One token's NFTs in serial order, through the nft primary key. */
export function tokenNftsSql(tokenId: bigint, query: TokenNftsQuery): SqlStatement {
  const where = ['nft.token_id = ?'];
  const params: Array<number | bigint | null> = [sqlInt(tokenId)];
  addComparisons(where, params, 'nft.serial_number', query.serialNumbers, sqlInt);
  // An owner equality seeks that owner's NFTs of the token; other owner filters are
  // checked while walking the token's NFTs in serial order.
  const byOwner = query.accountIds.some((f) => f.operator === 'eq');
  for (const f of query.accountIds) {
    where.push(`${byOwner && f.operator === 'eq' ? '' : '+'}nft.account_id ${SQL_OPERATOR[f.operator]} ?`);
    params.push(f.value === null ? null : sqlInt(f.value));
  }
  params.push(query.limit);
  return {
    sql: `SELECT ${NFT_COLUMNS}
FROM nft ${byOwner ? 'INDEXED BY nft__account_token_serial ' : ''}LEFT JOIN entity e ON e.id = nft.token_id
WHERE ${where.join(' AND ')}
ORDER BY nft.serial_number ${query.order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`,
    params,
  };
}

export const NFT_BY_SERIAL_SQL = `SELECT ${NFT_COLUMNS}
FROM nft LEFT JOIN entity e ON e.id = nft.token_id
WHERE nft.token_id = ? AND nft.serial_number = ?`;
