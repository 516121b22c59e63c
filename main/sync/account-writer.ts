import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { AccountRows, EntityRow } from './account-rows.ts';
import { SyncCursors, type SyncCursor } from './sync-cursor.ts';

/** A page's ETag and what a 304 answer to it cannot repeat. */
export interface PageEtag {
  url: string;
  etag: string;
  nextUrl: string | null;
  items: number;
}

const ENTITY_FIELDS = [
  'id', 'shard', 'realm', 'num', 'alias', 'auto_renew_period', 'balance', 'balance_timestamp', 'created_timestamp',
  'decline_reward', 'delegation_address', 'deleted', 'ethereum_nonce', 'evm_address', 'expiration_timestamp', 'key',
  'public_key', 'max_automatic_token_associations', 'memo', 'receiver_sig_required', 'staked_account_id',
  'staked_node_id', 'stake_period_start', 'timestamp_range_lower',
] as const satisfies ReadonlyArray<keyof EntityRow>;

/**
 * Writes pages of upstream accounts. Each page, its ETag and the cursor after it commit in
 * one transaction: a process killed at any point leaves either the whole page and its
 * cursor or neither, and resumes from the cursor. Writes are upserts, so replaying a page
 * changes nothing.
 */
export class AccountWriter {
  readonly cursors: SyncCursors;
  readonly #db: SqliteDatabase;
  readonly #upsertEntity;
  readonly #upsertStake;
  readonly #deleteStake;
  readonly #deleteAllTokens;
  readonly #deleteTokensUpTo;
  readonly #upsertToken;
  readonly #putEtag;
  readonly #getEtag;
  readonly #deleteEtag;
  readonly #applyPage;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.cursors = new SyncCursors(db);
    // The list does not show when an entity last changed: a row the contracts phase dated keeps its date.
    const updates = ENTITY_FIELDS.filter((f) => f !== 'id' && f !== 'timestamp_range_lower').map((f) => `${f} = excluded.${f}`).join(', ');
    // A new row is an ACCOUNT; the contracts phase marks contracts, and a re-sync keeps that.
    this.#upsertEntity = db.prepare(`INSERT INTO entity (${ENTITY_FIELDS.join(', ')}, type)
      VALUES (${ENTITY_FIELDS.map((f) => `@${f}`).join(', ')}, 'ACCOUNT')
      ON CONFLICT (id) DO UPDATE SET ${updates}`);
    this.#upsertStake = db.prepare(`INSERT INTO entity_stake (id, end_stake_period, pending_reward, staked_node_id_start, staked_to_me, stake_total_start, timestamp_range_lower)
      VALUES (?, ?, ?, 0, 0, 0, 0)
      ON CONFLICT (id) DO UPDATE SET end_stake_period = excluded.end_stake_period, pending_reward = excluded.pending_reward`);
    this.#deleteStake = db.prepare('DELETE FROM entity_stake WHERE id = ?');
    this.#deleteAllTokens = db.prepare('DELETE FROM token_account WHERE account_id = ?');
    this.#deleteTokensUpTo = db.prepare('DELETE FROM token_account WHERE account_id = ? AND token_id <= ?');
    this.#upsertToken = db.prepare(`INSERT INTO token_account (account_id, token_id, associated, balance, balance_timestamp, timestamp_range_lower)
      VALUES (?, ?, 1, ?, ?, 0)
      ON CONFLICT (account_id, token_id) DO UPDATE SET associated = 1, balance = excluded.balance, balance_timestamp = excluded.balance_timestamp`);
    this.#putEtag = db.prepare(`INSERT INTO sync_etag (url, etag, next_url, items) VALUES (@url, @etag, @nextUrl, @items)
      ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, next_url = excluded.next_url, items = excluded.items`);
    this.#getEtag = db.prepare('SELECT url, etag, next_url AS nextUrl, items FROM sync_etag WHERE url = ?');
    this.#deleteEtag = db.prepare('DELETE FROM sync_etag WHERE url = ?');
    this.#applyPage = db.transaction((rows: AccountRows[], cursor: SyncCursor | null, etag: PageEtag | null) => {
      for (const row of rows) this.#writeAccount(row);
      if (etag) this.#putEtag.run(etag);
      if (cursor) this.cursors.put(cursor);
    });
  }

  /** Stores a page of accounts and (when given) its ETag and the cursor after it, atomically. */
  applyPage(rows: AccountRows[], cursor: SyncCursor | null, etag: PageEtag | null = null): void {
    this.#applyPage(rows, cursor, etag);
  }

  /** What was stored with the page's ETag, for a conditional request and its 304. */
  etagOf(url: string): PageEtag | null {
    return (this.#getEtag.get(url) as PageEtag | undefined) ?? null;
  }

  /** Forgets the pages' ETags, and the next links stored with them: each is next read whole. */
  forgetEtags(urls: readonly string[]): void {
    this.transaction(() => {
      for (const url of urls) this.#deleteEtag.run(url);
    });
  }

  /** Runs `work` in one transaction (a cursor move that stores no rows, for instance). */
  transaction(work: () => void): void {
    this.#db.transaction(work)();
  }

  #writeAccount({ entity, stake, tokens, tokensComplete }: AccountRows): void {
    this.#upsertEntity.run(entity);
    if (stake) this.#upsertStake.run(stake.id, stake.end_stake_period, stake.pending_reward);
    else this.#deleteStake.run(entity.id);
    if (tokens === null) return;
    // When only the first token balances are known: below the last one shown, what is not
    // listed is gone; beyond it nothing is known, so nothing changes there.
    if (tokensComplete || tokens.length === 0) this.#deleteAllTokens.run(entity.id);
    else this.#deleteTokensUpTo.run(entity.id, tokens.reduce((max, t) => (t.token_id > max ? t.token_id : max), tokens[0]!.token_id));
    for (const token of tokens) this.#upsertToken.run(entity.id, token.token_id, token.balance, entity.balance_timestamp);
  }
}
