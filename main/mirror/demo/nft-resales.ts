import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { momentBetween } from './airdrops.ts';
import { TINYBARS_PER_HBAR } from './balances.ts';
import { feesOnNftTransfer } from './custom-fees.ts';
import type { HistoryWriter } from './history-writer.ts';
import { NftHandover } from './nft-versions.ts';
import type { Prng } from './prng.ts';
import { DEMO_NOW_NANOS, MINUTE_NANOS } from './timeline.ts';
import type { DemoToken } from './tokens.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

/** An account that received serials of a collection from its treasury (nfts.ts), and when. */
export interface NftCollector {
  account: number;
  serials: readonly number[];
  receivedNs: bigint;
}

/** Of a collection's collectors, about this share passes one of its serials on to another collector. */
const RESALE_SHARE = 0.2;
/** Of those, this share give it away (a gift: no HBAR back); the rest sell it for HBAR. */
const GIFT_SHARE = 0.35;
/** Prices in HBAR a serial sells for. */
const PRICES_HBAR = [5, 10, 20, 35, 50, 75, 100, 250, 500];
const SALE_MEMOS = ['', '', 'sale', 'marketplace purchase', 'offer accepted'];
const GIFT_MEMOS = ['', '', 'gift', 'for you'];
/** A CRYPTOTRANSFER that moves an NFT and assesses custom fees costs more than a plain one. */
const TRANSFER_FEE = 2_000_000;
/** Collectors tried as the other party before a seller gives up. */
const BUYER_TRIES = 4;

/**
 * Serials passing from one collector to another after the treasury delivered them, once every
 * collector of the collection is known: sold for HBAR (the buyer pays the seller and the
 * transaction's fee) or given away (the giver pays the fee), in a CRYPTOTRANSFER that moves the
 * NFT. Each carries what the collection's royalty charges on it (custom-fees.ts): the royalty share
 * of a sale's price, out of the seller's HBAR, or on a gift the fallback fee, from the receiver.
 * The serial's current version becomes history (nft-versions.ts), so its transaction history lists
 * its mint, the delivery and the resale; both holders' token relationships count the serial over.
 */
export class NftResaleWriter {
  readonly #nfts: NftHandover;
  readonly #count: Statement;

  constructor(db: SqliteDatabase) {
    this.#nfts = new NftHandover(db);
    this.#count = db.prepare('UPDATE token_account SET balance = balance + ?, balance_timestamp = max(balance_timestamp, ?) WHERE account_id = ? AND token_id = ?');
  }

  /** The collection's resales, among `collectors` (in account order). */
  write(token: DemoToken, collectors: readonly NftCollector[], history: HistoryWriter, rng: Prng): void {
    if (collectors.length < 2) return;
    for (const seller of collectors) {
      if (!rng.chance(RESALE_SHARE)) continue;
      const serial = rng.pick(seller.serials);
      const buyer = pickOther(collectors, seller, rng);
      if (!buyer) continue;
      const gift = rng.chance(GIFT_SHARE);
      const price = gift ? 0 : rng.pick(PRICES_HBAR) * TINYBARS_PER_HBAR;
      const memo = rng.pick(gift ? GIFT_MEMOS : SALE_MEMOS);
      const fee = TRANSFER_FEE + rng.int(0, 500_000);
      // Once both hold the collection, and a minute before "now" at the latest.
      const from = (seller.receivedNs > buyer.receivedNs ? seller.receivedNs : buyer.receivedNs) + MINUTE_NANOS;
      const planned = momentBetween(from, DEMO_NOW_NANOS - MINUTE_NANOS, token.num + serial, rng);
      if (planned === null) continue;
      this.#resell(token, serial, seller.account, buyer.account, { price, memo, fee, planned }, history);
    }
  }

  /** One serial from `seller` to `buyer`: for `sale.price` in HBAR, or given away where it is 0. */
  #resell(token: DemoToken, serial: number, seller: number, buyer: number, sale: { price: number; memo: string; fee: number; planned: bigint }, history: HistoryWriter): void {
    // Each collector sells at most once, one of the serials it was delivered: a guard, should that change.
    const nft = this.#nfts.current(token.num, serial);
    if (nft?.account_id !== BigInt(seller)) return;
    const { hbar, assessed } = feesOnNftTransfer(token.fees, token.treasuryNum, seller, buyer, sale.price);
    const paid: Array<[number, number]> = sale.price > 0 ? [[buyer, -sale.price], [seller, sale.price]] : [];
    const at = writeAtFreeTimestamp(history, sale.planned, (consensusNs) => ({
      consensusNs, payer: sale.price > 0 ? buyer : seller, type: TX.CRYPTO_TRANSFER, fee: sale.fee, memo: sale.memo,
      transfers: [...paid, ...hbar], assessedFees: assessed,
      nftTransfers: [{ token: token.num, serial, sender: seller, receiver: buyer }],
    }));
    if (at === null) return;
    this.#nfts.move(history, nft, buyer, at);
    this.#count.run(-1, at, seller, token.num);
    this.#count.run(1, at, buyer, token.num);
  }
}

/** Another collector of the collection, or null where a few tries found only the seller. */
function pickOther(collectors: readonly NftCollector[], seller: NftCollector, rng: Prng): NftCollector | null {
  for (let tries = 0; tries < BUYER_TRIES; tries++) {
    const other = rng.pick(collectors);
    if (other.account !== seller.account) return other;
  }
  return null;
}
