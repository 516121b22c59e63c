import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { seededRandom } from './ledger-fixture.ts';

export interface TransactionSpec {
  consensus: bigint;
  payer: number;
  type?: number;
  result?: number;
  nonce?: number;
  scheduled?: boolean;
  validStart?: bigint;
  entity?: number | null;
  parent?: bigint | null;
  batchKey?: Buffer | null;
  highVolume?: boolean;
  innerTransactions?: string | null;
  hash?: Buffer;
  /** [account, amount] pairs; defaults to the usual node/fee-collector/payer fee split. */
  transfers?: Array<[number, number]>;
  tokenTransfers?: Array<[token: number, account: number, amount: number]>;
  nftTransfers?: Array<[token: number, serial: number, sender: number | null, receiver: number | null]>;
}

/** Inserts transactions with their hash, crypto, token and NFT transfer rows. */
export function insertTransactions(store: LedgerStore, transactions: TransactionSpec[]): void {
  const db = store.db;
  const tx = db.prepare(`INSERT INTO "transaction" (consensus_timestamp, batch_key, charged_tx_fee, entity_id, high_volume,
      high_volume_pricing_multiplier, "index", inner_transactions, max_custom_fees, max_fee, nft_transfer, node_account_id, nonce,
      parent_consensus_timestamp, payer_account_id, result, scheduled, transaction_bytes, transaction_hash, type,
      valid_duration_seconds, valid_start_ns)
    VALUES (@consensus, @batchKey, 7, @entity, @highVolume, 1, 1, @inner, '[]', 33, @nft, 3, @nonce, @parent, @payer, @result,
      @scheduled, X'6279746573', @hash, @type, 11, @validStart)`);
  const hash = db.prepare('INSERT INTO transaction_hash (consensus_timestamp, hash, hash_suffix, payer_account_id) VALUES (?, ?, ?, ?)');
  const crypto = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, 0, ?)');
  const token = db.prepare('INSERT INTO token_transfer (consensus_timestamp, token_id, account_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, ?, 0, ?)');
  const nft = db.prepare(`INSERT INTO nft_transfer (consensus_timestamp, token_id, serial_number, sender_account_id, receiver_account_id,
      is_approval, payer_account_id) VALUES (?, ?, ?, ?, ?, 0, ?)`);
  db.transaction(() => {
    for (const t of transactions) {
      const txHash = t.hash ?? Buffer.alloc(48, Number(t.consensus % 251n));
      const nfts = t.nftTransfers ?? [];
      tx.run({
        consensus: t.consensus,
        batchKey: t.batchKey ?? null,
        entity: t.entity ?? null,
        highVolume: t.highVolume ? 1 : 0,
        inner: t.innerTransactions ?? null,
        nft: nfts.length === 0 ? null : JSON.stringify(nfts.map(([tokenId, serial, sender, receiver]) => ({
          receiver_account_id: receiver, sender_account_id: sender, serial_number: serial, token_id: tokenId, is_approval: false,
        }))),
        nonce: t.nonce ?? 0,
        parent: t.parent ?? null,
        payer: t.payer,
        result: t.result ?? 22,
        scheduled: t.scheduled ? 1 : 0,
        hash: txHash,
        type: t.type ?? 14,
        validStart: t.validStart ?? t.consensus - 1n,
      });
      hash.run(t.consensus, txHash.subarray(0, 32), txHash.length > 32 ? txHash.subarray(32) : null, t.payer);
      for (const [account, amount] of t.transfers ?? [[3, 2], [98, 1], [t.payer, -3]]) crypto.run(t.consensus, account, amount, t.payer);
      for (const [tokenId, account, amount] of t.tokenTransfers ?? []) token.run(t.consensus, tokenId, account, amount, t.payer);
      for (const [tokenId, serial, sender, receiver] of nfts) nft.run(t.consensus, tokenId, serial, sender, receiver, t.payer);
    }
  })();
}

/** `count` transactions one second apart from `start`, with payers, types and results spread like a busy network. */
export function generateTransactions(count: number, start = 1_700_000_000_000_000_000n): TransactionSpec[] {
  const random = seededRandom(11);
  return Array.from({ length: count }, (_, i) => {
    const payer = 1000 + Math.floor(random() ** 3 * 5000);
    const receiver = 1000 + Math.floor(random() * 20_000);
    const kind = random();
    return {
      consensus: start + BigInt(i) * 1_000_000_000n,
      payer,
      type: kind < 0.7 ? 14 : kind < 0.9 ? 27 : kind < 0.99 ? 37 : 11,
      result: random() < 0.01 ? 11 : 22,
      transfers: [[3, 2], [98, 1], [payer, -103], [receiver, 100]],
      tokenTransfers: kind > 0.95 ? [[5000, payer, -5], [5000, receiver, 5]] : [],
      nftTransfers: kind > 0.98 ? [[6000, i, payer, receiver]] : [],
    };
  });
}
