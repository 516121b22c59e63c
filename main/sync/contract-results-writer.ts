import { CONTRACT_RESULT_COLUMNS } from '../mirror/contracts/contract-result-row.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { BlockSeen, ContractLogRows, ContractResultRows } from './contract-result-rows.ts';
import { insertSql } from './upsert-sql.ts';

/** The contract results and logs of one followed page's time span, read whole. */
export interface ContractResultsSpan {
  from: bigint;
  to: bigint;
  results: ContractResultRows[];
  logs: ContractLogRows[];
}

const RESULT_FIELDS = CONTRACT_RESULT_COLUMNS.split(', ').map((column) => column.replace(/^cr\./, ''));
const ETHEREUM_FIELDS = [
  'consensus_timestamp', 'access_list', 'authorization_list', 'call_data', 'call_data_id', 'chain_id', 'gas_limit', 'gas_price', 'hash',
  'max_fee_per_gas', 'max_priority_fee_per_gas', 'nonce', 'payer_account_id', 'recovery_id', 'signature_r', 'signature_s', 'signature_v',
  'to_address', 'type', 'value',
];
const LOG_FIELDS = [
  'consensus_timestamp', 'index', 'bloom', 'contract_id', 'data', 'payer_account_id', 'root_contract_id', 'topic0', 'topic1', 'topic2', 'topic3',
  'transaction_hash', 'transaction_index',
];

/**
 * Stores a span's contract results, Ethereum transactions and logs in place of whatever the store
 * held for that span (a result has no key of its own: a replayed page deletes and writes the same
 * rows again), and the blocks they name. Not a transaction itself: callers wrap a page (and its
 * cursor) in one.
 */
export function contractResultsWriter(db: SqliteDatabase): (span: ContractResultsSpan) => void {
  const clear = ['contract_result', 'ethereum_transaction', 'contract_log'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE consensus_timestamp BETWEEN ? AND ?`));
  const result = db.prepare(insertSql('contract_result', RESULT_FIELDS));
  const ethereum = db.prepare(insertSql('ethereum_transaction', ETHEREUM_FIELDS));
  const log = db.prepare(insertSql('contract_log', LOG_FIELDS));
  const block = blockWriter(db);
  return (span) => {
    for (const statement of clear) statement.run(span.from, span.to);
    // A result has no key in the table: one the upstream listed twice (a page repeated) is stored once.
    for (const rows of onceEach(span.results, (rows) => String(rows.result.consensus_timestamp))) {
      result.run(rows.result);
      if (rows.ethereum) ethereum.run(rows.ethereum);
      if (rows.block) block(rows.block);
    }
    for (const rows of onceEach(span.logs, (rows) => `${String(rows.log.consensus_timestamp)}/${String(rows.log.index)}`)) {
      log.run(rows.log);
      if (rows.block) block(rows.block);
    }
  };
}

/** The items whose key has not come before, in order. */
function onceEach<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A block (`record_file`) as far as the answers show it: its number, hash and gas used, its time
 * range widened to every timestamp seen in it, so that each stored result and log falls inside
 * its block. What the answers do not say (its name, count, digest) stays empty; nothing renders it.
 */
function blockWriter(db: SqliteDatabase): (block: BlockSeen) => void {
  const find = db.prepare('SELECT consensus_start, consensus_end, gas_used, hash FROM record_file WHERE "index" = ?').safeIntegers(true);
  const forget = db.prepare('DELETE FROM record_file WHERE "index" = ?');
  const insert = db.prepare(`INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, gas_used, hash, "index", name)
    VALUES (?, ?, 0, 0, ?, ?, ?, '')`);
  return (block) => {
    const found = find.get(block.index) as { consensus_start: bigint; consensus_end: bigint; gas_used: bigint | null; hash: string } | undefined;
    // The same number under another hash is a block of another history (a network reset): replaced, not widened.
    const known = found?.hash === block.hash ? found : undefined;
    const start = known && known.consensus_start < block.at ? known.consensus_start : block.at;
    const end = known && known.consensus_end > block.at ? known.consensus_end : block.at;
    if (known && start === known.consensus_start && end === known.consensus_end && (block.gasUsed === null || block.gasUsed === known.gas_used)) return;
    forget.run(block.index);
    insert.run(end, start, block.gasUsed ?? known?.gas_used ?? null, block.hash, block.index);
  };
}
