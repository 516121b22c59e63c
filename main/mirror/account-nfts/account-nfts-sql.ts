import { sqlInt } from '../format/entity-id.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';
import { SQL_OPERATOR } from '../http/filter-operator.ts';
import { boundParts, type BoundFilter } from '../query/paging-bounds.ts';
import { NFT_COLUMNS } from '../tokens/nfts-sql.ts';
import type { AccountNftsQuery } from './account-nfts-params.ts';
import { addComparisons } from '../query/sql-comparisons.ts';

type Param = SqlParam;

const COLUMN: Record<string, string> = { 'token.id': 'nft.token_id', serialnumber: 'nft.serial_number' };

/**
 * An account's NFTs in (token, serial) order. Each part of the two-column range is one
 * walk of the nft__account_token_serial index; parts are merged and cut to the page size.
 */
export function accountNftsSql(accountId: bigint, query: AccountNftsQuery): SqlStatement {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY token_id ${direction}, serial_number ${direction}`;
  const params: Param[] = [];
  const part = (filters: BoundFilter[]): string => {
    const where = ['nft.account_id = ?'];
    params.push(sqlInt(accountId));
    for (const f of filters) {
      where.push(`${COLUMN[f.key]} ${SQL_OPERATOR[f.operator]} ?`);
      params.push(sqlInt(f.value));
    }
    addComparisons(where, params, 'nft.spender', query.spenderRange, (v) => (v === null ? null : sqlInt(v)));
    if (query.spenderIn.length > 0) {
      where.push(`nft.spender IN (${query.spenderIn.map(() => '?').join(', ')})`);
      params.push(...query.spenderIn.map((v) => (v === null ? null : sqlInt(v))));
    }
    params.push(query.limit);
    return `SELECT * FROM (SELECT ${NFT_COLUMNS}
FROM nft INDEXED BY nft__account_token_serial LEFT JOIN entity e ON e.id = nft.token_id
WHERE ${where.join(' AND ')}
ORDER BY nft.token_id ${direction}, nft.serial_number ${direction}
LIMIT ?)`;
  };
  const parts = boundParts(query.token, query.serial);
  const selects = (parts.length === 0 ? [[]] : parts).map(part);
  if (selects.length === 1) return { sql: selects[0]!, params };
  params.push(query.limit);
  return { sql: `${selects.join('\nUNION ALL\n')}\n${orderBy}\nLIMIT ?`, params };
}
