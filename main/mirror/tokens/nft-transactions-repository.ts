import { sqlInt } from '../format/entity-id.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { SortOrder } from '../query/query-filters.ts';
import { StatementCache } from '../query/statement-cache.ts';
import { NFT_CREATED_SQL, NFT_TRANSFER_AT_SQL, nftEventTimestampsSql, transactionsAtSql } from './nft-transactions-sql.ts';

export interface NftEventRow {
  consensus_timestamp: bigint;
  nonce: bigint;
  payer_account_id: bigint;
  type: bigint;
  valid_start_ns: bigint;
  transfer: { sender_account_id: bigint | null; receiver_account_id: bigint | null; is_approval: bigint | null } | null;
}

/** Reads one NFT's transaction history (the transaction tables belong to migration 003). */
export class NftTransactionsRepository {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  events(tokenId: bigint, serial: bigint, timestamps: Filter<bigint>[], order: SortOrder, limit: number): NftEventRow[] {
    const bounds = timestamps.map((f) => sqlInt(f.value));
    const keys = [sqlInt(tokenId), sqlInt(serial)];
    const times = (this.#statements.get(nftEventTimestampsSql(timestamps, order))
      .all(...keys, ...bounds, ...keys, ...bounds, sqlInt(tokenId), ...bounds, limit) as Array<{ ts: bigint }>).map((r) => r.ts);
    if (times.length === 0) return [];
    const rows = this.#statements.get(transactionsAtSql(times.length, order)).all(...times.map(sqlInt)) as NftEventRow[];
    const transfer = this.#statements.get(NFT_TRANSFER_AT_SQL);
    for (const row of rows) row.transfer = (transfer.get(...keys, sqlInt(row.consensus_timestamp)) as NftEventRow['transfer']) ?? null;
    return rows;
  }

  /** Whether the NFT's mint is known (a row with a creation time). */
  hasMint(tokenId: bigint, serial: bigint): boolean {
    const row = this.#statements.get(NFT_CREATED_SQL).get(sqlInt(tokenId), sqlInt(serial)) as { created_timestamp: bigint | null } | undefined;
    return row !== undefined && row.created_timestamp !== null;
  }
}
