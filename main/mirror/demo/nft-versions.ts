import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import type { HistoryWriter } from './history-writer.ts';

/** What a serial is from the transaction at `from` on: owner (null once burned), spender, deleted. */
export interface NftVersion {
  from: bigint;
  owner: number | null;
  spender: number | null;
  deleted: boolean;
}

/** The parts of a serial every version shares. */
export interface MintedNft {
  token: number;
  serial: number;
  mintedNs: bigint;
  metadata: Buffer;
}

/**
 * A serial's versions in time order, the first its mint: all but the last to `nft_history`, the
 * last is the `nft` row. They are kept as the reference's importer keeps them: every transaction
 * that changes a serial (its mint, each transfer, a burn, a single-serial approval) starts a
 * version at its timestamp and closes the one before. The NFT transaction history endpoint lists
 * a serial's events off these versions, so a missing version is a missing event. Created
 * timestamp and metadata come from the mint and stay; a transfer or burn clears the spender.
 */
export function writeNftVersions(writer: HistoryWriter, nft: MintedNft, versions: readonly NftVersion[]): void {
  versions.forEach((version, i) => {
    const next = versions[i + 1];
    const row = [nft.token, nft.serial, version.owner, nft.mintedNs, null, version.deleted ? 1 : 0, nft.metadata, version.spender, version.from];
    if (next) writer.insert('nft_history', [...row, next.from]);
    else writer.insert('nft', row);
  });
}

/** Read with safe integers: every column is a bigint (the metadata a Buffer). */
interface NftRow {
  account_id: bigint | null;
  created_timestamp: bigint | null;
  delegating_spender: bigint | null;
  deleted: bigint | null;
  metadata: Buffer | null;
  spender: bigint | null;
  timestamp_range_lower: bigint;
}

/** A serial's `nft` row as read before it changes hands: what the move checks and keeps as history. */
export interface CurrentNft extends NftRow {
  token: number;
  serial: number;
}

/**
 * Serials changing hands after their `nft` rows are written (a resale, an airdrop claim): each
 * closes the current version. The row is read once (current) and handed to move, so a caller that
 * checks the owner first does not read it again.
 */
export class NftHandover {
  readonly #current: Statement;
  readonly #move: Statement;

  constructor(db: SqliteDatabase) {
    this.#current = db.prepare(`SELECT account_id, created_timestamp, delegating_spender, deleted, metadata, spender, timestamp_range_lower
      FROM nft WHERE token_id = ? AND serial_number = ?`).safeIntegers(true);
    // The network clears a serial's spenders when it changes hands.
    this.#move = db.prepare('UPDATE nft SET account_id = ?, spender = NULL, delegating_spender = NULL, timestamp_range_lower = ? WHERE token_id = ? AND serial_number = ?');
  }

  /** The serial's row now (its owner null once burned); undefined for a serial never minted. */
  current(token: number, serial: number): CurrentNft | undefined {
    const row = this.#current.get(token, serial) as NftRow | undefined;
    return row && { ...row, token, serial };
  }

  /**
   * The serial, as `before` read it and unchanged since, passes to `receiver` at `at`: the version
   * until then becomes history, unchanged. A move at or before that version's start would write a
   * history range that ends before it begins: a generator bug (a resale planned before the
   * serial's approval), refused loudly.
   */
  move(history: HistoryWriter, before: CurrentNft, receiver: number, at: bigint): void {
    const { token, serial } = before;
    if (at <= before.timestamp_range_lower) {
      throw new Error(`NFT ${token}/${serial} moved at ${at}, not after its current version's start ${before.timestamp_range_lower}`);
    }
    history.insert('nft_history', [token, serial, before.account_id, before.created_timestamp, before.delegating_spender, before.deleted,
      before.metadata, before.spender, before.timestamp_range_lower, at]);
    this.#move.run(receiver, at, token, serial);
  }
}
