import { sqlInt } from '../format/entity-id.ts';
import type { JavaBound } from '../query/java-bound.ts';
import { javaBoundsWhere } from '../query/java-bound-sql.ts';
import type { SortOrder } from '../query/query-filters.ts';
import type { SqlParam, SqlStatement } from '../query/sql-statement.ts';

/**
 * The two sides of an account's NFT approvals for all: granted by it (`owner=true`, through the
 * primary key) or to it (`owner=false`, through nft_allowance__spender). `party` is the other
 * account, the first sort column, which `account.id` filters.
 */
export const NFT_ALLOWANCE_SIDES = {
  granted: { account: 'owner', party: 'spender' },
  received: { account: 'spender', party: 'owner' },
} as const;
export type NftAllowanceSide = keyof typeof NFT_ALLOWANCE_SIDES;

/**
 * An account's approvals for all (revoked ones left out) in (party, token) order, narrowed by
 * `bounds` (the party's first) as the reference's Java module does (javaBoundsWhere).
 */
export function nftAllowancesSql(side: NftAllowanceSide, account: bigint, bounds: readonly JavaBound[], order: SortOrder, limit: number): SqlStatement {
  const { account: accountColumn, party } = NFT_ALLOWANCE_SIDES[side];
  const condition = javaBoundsWhere(bounds, party);
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const where = [`${accountColumn} = ?`, 'approved_for_all = 1', ...(condition ? [condition.sql] : [])];
  const params: SqlParam[] = [sqlInt(account), ...(condition?.params ?? []), limit];
  return {
    sql: `SELECT owner, spender, token_id, approved_for_all, timestamp_range_lower, timestamp_range_upper
FROM nft_allowance
WHERE ${where.join(' AND ')}
ORDER BY ${party} ${direction}, token_id ${direction}
LIMIT ?`,
    params,
  };
}
