import { sqlInt } from '../format/entity-id.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { StatementCache } from '../query/statement-cache.ts';
import { treasurySnapshotLookup, type TreasurySnapshotLookup } from '../balances/snapshot-range.ts';
import { NFT_BY_SERIAL_SQL, tokenNftsSql } from './nfts-sql.ts';
import type { TokenNftsQuery } from './nfts-params.ts';
import type { NftRow } from './render-nft.ts';
import { customFeeVersionSql, entityVersionSql, tokenVersionSql, type VersionBound } from './token-info-sql.ts';
import type { TokenBalancesQuery } from './token-balances-params.ts';
import { currentTokenBalancesSql, snapshotTokenBalancesSql } from './token-balances-sql.ts';
import type { TokensListQuery } from './tokens-list-params.ts';
import { chooseTokensListDriver } from './tokens-list-driver.ts';
import { tokensListSql } from './tokens-list-sql.ts';
import type { CustomFeeRow, TokenEntityRow, TokenListRow, TokenRow } from './token-rows.ts';

export interface HolderRow {
  account_id: bigint;
  balance: bigint;
  consensus_timestamp?: bigint | null;
}

/** Every read of the /tokens endpoints. */
export class TokensRepository {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  list(query: TokensListQuery): TokenListRow[] {
    const { sql, params } = tokensListSql(query, chooseTokensListDriver(this.#statements, query));
    return this.#statements.get(sql).all(...params) as TokenListRow[];
  }

  /** The token, its entity and fee schedule (as of `bound`), or null when one is missing. */
  info(tokenId: bigint, bound: VersionBound): { token: TokenRow; entity: TokenEntityRow; fees: CustomFeeRow } | null {
    // A bounded lookup reads the current and the history table, each with (id, time).
    const args = bound === null ? [sqlInt(tokenId)] : [sqlInt(tokenId), sqlInt(bound.value), sqlInt(tokenId), sqlInt(bound.value)];
    const token = this.#statements.get(tokenVersionSql(bound)).get(...args) as TokenRow | undefined;
    const entity = this.#statements.get(entityVersionSql(bound)).get(...args) as TokenEntityRow | undefined;
    let fees = this.#statements.get(customFeeVersionSql(bound)).get(...args) as CustomFeeRow | undefined;
    // The reference's importer writes an empty schedule when a token is created; a store
    // filled otherwise (the demo ledger) may lack it, which means the same for the current
    // version. For a past version the schedule must exist, as in the reference.
    if (!fees && token && bound === null) {
      fees = { entity_id: token.token_id, fixed_fees: null, fractional_fees: null, royalty_fees: null, timestamp_range_lower: token.created_timestamp };
    }
    return token && entity && fees ? { token, entity, fees } : null;
  }

  decimals(tokenId: bigint): bigint | null {
    const row = this.#statements.get('SELECT decimals FROM token WHERE token_id = ?').get(sqlInt(tokenId)) as { decimals: bigint } | undefined;
    return row?.decimals ?? null;
  }

  currentHolders(tokenId: bigint, query: TokenBalancesQuery): HolderRow[] {
    const { sql, params } = currentTokenBalancesSql(tokenId, query);
    return this.#statements.get(sql).all(...params) as HolderRow[];
  }

  snapshotHolders(tokenId: bigint, query: TokenBalancesQuery, lower: bigint, upper: bigint): HolderRow[] {
    const { sql, params } = snapshotTokenBalancesSql(tokenId, query, lower, upper);
    return this.#statements.get(sql).all(...params) as HolderRow[];
  }

  /** Snapshot lookups for the treasury account `treasury`. */
  treasurySnapshots(treasury: bigint): TreasurySnapshotLookup {
    return treasurySnapshotLookup(this.#statements, treasury);
  }

  nfts(tokenId: bigint, query: TokenNftsQuery): NftRow[] {
    const { sql, params } = tokenNftsSql(tokenId, query);
    return this.#statements.get(sql).all(...params) as NftRow[];
  }

  nft(tokenId: bigint, serial: bigint): NftRow | null {
    return (this.#statements.get(NFT_BY_SERIAL_SQL).get(sqlInt(tokenId), sqlInt(serial)) as NftRow | undefined) ?? null;
  }
}
