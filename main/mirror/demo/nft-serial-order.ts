import type { SqliteDatabase } from '../store/ledger-store.ts';
import { nftMetadataOf } from './nfts.ts';

/** Tables that name a serial by (token_id, serial_number). */
const SERIAL_TABLES = ['nft', 'nft_history', 'nft_transfer', 'token_airdrop'] as const;
/** Of those, the ones whose primary key holds the serial. */
const KEYED_TABLES = new Set<string>(['nft', 'nft_history', 'token_airdrop']);
/** Of those, the ones whose metadata URI names the serial too (nfts.ts). */
const METADATA_TABLES = new Set<string>(['nft', 'nft_history']);

type NftTransferJson = { serial_number: number; token_id: number };

/**
 * The network numbers a collection's serials in mint order. The generator cannot: it mints each
 * holder's serials when that holder is written (in account order, at the holder's own time) and
 * the treasury's own once all holders are known (an hour after the token's creation). So the
 * serials are numbered as they were taken, then, once every serial is written, renumbered here
 * by mint time: each serial keeps its mint, transfers, versions, approvals, airdrop and metadata,
 * under the number its mint would have got. Returns the serials renumbered.
 */
export function numberSerialsInMintOrder(db: SqliteDatabase): number {
  db.exec(`CREATE TEMP TABLE serial_renumbering (token_id INTEGER NOT NULL, serial_number INTEGER NOT NULL, renumbered INTEGER NOT NULL,
    PRIMARY KEY (token_id, serial_number)) WITHOUT ROWID`);
  try {
    // A mint's serials share a timestamp; within it they keep the order they were taken in.
    const renumbered = db.prepare(`INSERT INTO serial_renumbering SELECT token_id, serial_number, renumbered FROM (
        SELECT token_id, serial_number, ROW_NUMBER() OVER (PARTITION BY token_id ORDER BY created_timestamp, serial_number) AS renumbered FROM nft)
      WHERE renumbered <> serial_number`).run().changes;
    if (renumbered === 0) return 0;
    renumberTransferLists(db);
    db.function('demo_nft_metadata', { deterministic: true }, (token, serial) => nftMetadataOf(Number(token), Number(serial)));
    for (const table of SERIAL_TABLES) {
      const metadata = METADATA_TABLES.has(table) ? ', metadata = demo_nft_metadata(r.token_id, r.renumbered)' : '';
      // A keyed table's serials are negated first: a new number may still belong to another serial, and the key must stay unique meanwhile.
      const keyed = KEYED_TABLES.has(table);
      db.exec(`UPDATE ${table} SET serial_number = ${keyed ? '-' : ''}r.renumbered${metadata} FROM serial_renumbering r
        WHERE r.token_id = ${table}.token_id AND r.serial_number = ${table}.serial_number`);
      if (keyed) db.exec(`UPDATE ${table} SET serial_number = -serial_number WHERE serial_number < 0`);
    }
    return renumbered;
  } finally {
    db.exec('DROP TABLE temp.serial_renumbering');
  }
}

/** The transactions' own transfer lists (`transaction.nft_transfer`), read off the still unchanged nft_transfer rows. */
function renumberTransferLists(db: SqliteDatabase): void {
  const renumbering = new Map<string, number>();
  for (const row of db.prepare('SELECT token_id, serial_number, renumbered FROM serial_renumbering').raw(true).iterate() as Iterable<[number, number, number]>) {
    renumbering.set(`${row[0]}/${row[1]}`, row[2]);
  }
  const timestamps = db.prepare(`SELECT DISTINCT nt.consensus_timestamp FROM nft_transfer nt JOIN serial_renumbering r
    ON r.token_id = nt.token_id AND r.serial_number = nt.serial_number`).safeIntegers(true).pluck().all() as bigint[];
  const read = db.prepare('SELECT nft_transfer FROM "transaction" WHERE consensus_timestamp = ?').pluck();
  const write = db.prepare('UPDATE "transaction" SET nft_transfer = ? WHERE consensus_timestamp = ?');
  for (const timestamp of timestamps) {
    const list = read.get(timestamp) as string | null;
    if (list === null) continue;
    const transfers = JSON.parse(list) as NftTransferJson[];
    for (const transfer of transfers) transfer.serial_number = renumbering.get(`${transfer.token_id}/${transfer.serial_number}`) ?? transfer.serial_number;
    write.run(JSON.stringify(transfers), timestamp);
  }
}
