import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { int64ListJson } from '../mirror/format/json-out.ts';
import { transactionTypeId } from '../mirror/format/transaction-type.ts';
import type { TransactionRows } from './transaction-rows.ts';
import { insertSql } from './upsert-sql.ts';

const ATOMIC_BATCH = BigInt(transactionTypeId('ATOMICBATCH')!);

const TRANSACTION_COLUMNS = [
  'consensus_timestamp', 'batch_key', 'charged_tx_fee', 'entity_id', 'high_volume', 'high_volume_pricing_multiplier',
  'max_custom_fees', 'max_fee', 'memo', 'nft_transfer', 'node_account_id', 'nonce', 'parent_consensus_timestamp',
  'payer_account_id', 'result', 'scheduled', 'transaction_bytes', 'transaction_hash', 'type', 'valid_duration_seconds',
  'valid_start_ns',
] as const;

/** The child tables of a transaction, all keyed or indexed by its consensus timestamp. */
const CHILD_TABLES = ['crypto_transfer', 'token_transfer', 'nft_transfer', 'staking_reward_transfer', 'transaction_hash'] as const;

/**
 * Stores followed or looked-up transactions. A transaction is replaced whole (its row, and its
 * children deleted and written again; assessed fees only when the source carried them), so a
 * page applied twice, after a crash between the upstream's answer and the commit, leaves the
 * same rows as once. Not a transaction itself: the caller wraps a page and its cursor in one.
 * `lookedUp`: the rows come from the upstream's by-id answer, and their row says so (`looked_up`,
 * migration 012) in the same INSERT; any other write of the row leaves it NULL, as the row is replaced.
 */
export function transactionUpserter(db: SqliteDatabase, { lookedUp = false } = {}): (rows: TransactionRows) => void {
  const transaction = db.prepare(insertSql('"transaction"', TRANSACTION_COLUMNS, { replace: true, extra: lookedUp ? { looked_up: '1' } : {} }));
  const deletes = CHILD_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE consensus_timestamp = ?`));
  const cryptoTransfer = db.prepare('INSERT INTO crypto_transfer (consensus_timestamp, entity_id, amount, is_approval, payer_account_id) VALUES (?, ?, ?, ?, ?)');
  const tokenTransfer = db.prepare(`INSERT OR REPLACE INTO token_transfer (consensus_timestamp, token_id, account_id, amount, is_approval, payer_account_id)
VALUES (?, ?, ?, ?, ?, ?)`);
  const nftTransfer = db.prepare(`INSERT INTO nft_transfer (consensus_timestamp, token_id, serial_number, sender_account_id, receiver_account_id, is_approval, payer_account_id)
VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const stakingReward = db.prepare('INSERT OR REPLACE INTO staking_reward_transfer (account_id, amount, consensus_timestamp, payer_account_id) VALUES (?, ?, ?, ?)');
  const hash = db.prepare('INSERT INTO transaction_hash (consensus_timestamp, hash, hash_suffix, payer_account_id) VALUES (?, ?, ?, ?)');
  const deleteFees = db.prepare('DELETE FROM assessed_custom_fee WHERE consensus_timestamp = ?');
  const fee = db.prepare(`INSERT INTO assessed_custom_fee (consensus_timestamp, amount, collector_account_id, effective_payer_account_ids, payer_account_id, token_id)
VALUES (?, ?, ?, ?, ?, ?)`);

  // A batch names its inner transactions (payer, valid start pairs) in a column the API reads to
  // answer the batch's id with them; upstream answers carry only the inner transactions' parent
  // link, so the column is derived from the stored inner transactions whenever either side arrives.
  const batchAt = db.prepare('SELECT 1 FROM "transaction" WHERE consensus_timestamp = ? AND type = ?').safeIntegers(true);
  const innerOf = db.prepare(`SELECT payer_account_id, valid_start_ns FROM "transaction"
WHERE parent_consensus_timestamp = ? AND batch_key IS NOT NULL ORDER BY consensus_timestamp`).safeIntegers(true);
  const setInner = db.prepare('UPDATE "transaction" SET inner_transactions = ? WHERE consensus_timestamp = ?');
  const deriveInner = (batch: bigint): void => {
    if (batchAt.get(batch, ATOMIC_BATCH) === undefined) return;
    const seen = new Set<string>();
    const pairs: bigint[] = [];
    for (const { payer_account_id, valid_start_ns } of innerOf.all(batch) as Array<{ payer_account_id: bigint; valid_start_ns: bigint }>) {
      const key = `${payer_account_id}-${valid_start_ns}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(payer_account_id, valid_start_ns);
    }
    setInner.run(pairs.length === 0 ? null : int64ListJson(pairs), batch);
  };

  return (rows) => {
    const ts = rows.transaction.consensus_timestamp as bigint;
    const payer = rows.transaction.payer_account_id as bigint;
    for (const remove of deletes) remove.run(ts);
    transaction.run(rows.transaction);
    for (const t of rows.cryptoTransfers) cryptoTransfer.run(ts, t.entity_id, t.amount, t.is_approval, payer);
    for (const t of rows.tokenTransfers) tokenTransfer.run(ts, t.token_id, t.account_id, t.amount, t.is_approval, payer);
    for (const n of rows.nftTransfers) nftTransfer.run(ts, n.token_id, n.serial_number, n.sender_account_id, n.receiver_account_id, n.is_approval, payer);
    for (const r of rows.stakingRewards) stakingReward.run(r.account_id, r.amount, ts, payer);
    if (rows.hash) hash.run(ts, rows.hash.hash, rows.hash.suffix, payer);
    if (rows.assessedFees) {
      deleteFees.run(ts);
      for (const f of rows.assessedFees) fee.run(ts, f.amount, f.collector_account_id, f.effective_payer_account_ids, payer, f.token_id);
    }
    if (rows.transaction.type === ATOMIC_BATCH) deriveInner(ts);
    const parent = rows.transaction.parent_consensus_timestamp as bigint | null;
    if (parent !== null && rows.transaction.batch_key !== null) deriveInner(parent);
  };
}
