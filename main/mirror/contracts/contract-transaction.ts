import { sqlInt } from '../format/entity-id.ts';
import { parseTransactionId } from '../format/transaction-id.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import type { ContractLogRow, ContractResultRow, StateChangeRow } from './contract-result-row.ts';
import { LOGS_AT_SQL, RESULT_BY_HASH_SQL, RESULTS_AT_SQL, STATE_CHANGES_AT_SQL } from './contract-results-sql.ts';

export const INVALID_TRANSACTION_ID =
  'Invalid Transaction id. Please use "shard.realm.num-sss-nnn" format where sss are seconds and nnn are nanoseconds';

const ETH_HASH = /^(0x)?[0-9A-Fa-f]{64}$/;
const DUPLICATE_TRANSACTION = 11;
const WRONG_NONCE = 312;

export const TRANSACTION_BY_ID_SQL = `SELECT consensus_timestamp, payer_account_id FROM "transaction" INDEXED BY transaction__payer_valid_start
WHERE payer_account_id = ? AND valid_start_ns = ? AND nonce = ? AND result NOT IN (${DUPLICATE_TRANSACTION}, ${WRONG_NONCE})
ORDER BY consensus_timestamp LIMIT 1`;

/** A contract transaction as a path names it: by its 32-byte hash, or by transaction id. */
export type TransactionRef = { kind: 'hash'; hash: Buffer } | { kind: 'id'; payer: bigint; validStart: bigint };

export function parseTransactionRef(text: string): TransactionRef | null {
  if (ETH_HASH.test(text)) return { kind: 'hash', hash: Buffer.from(text.replace(/^0x/, ''), 'hex') };
  const id = parseTransactionId(text);
  return id === null ? null : { kind: 'id', payer: id.payer, validStart: id.validStartNs };
}

/** Where a transaction landed, the entity it is looked up through and who paid for it. */
export interface TransactionAnchor {
  timestamp: bigint;
  entityId: bigint | null;
  payer: bigint | null;
}

/**
 * Finds the transaction: a hash through the contract results carrying it (a success first,
 * then the newest), an id through the transactions with that payer, valid start and nonce,
 * skipping duplicates and wrong-nonce attempts.
 */
export function findTransaction(statements: StatementCache, ref: TransactionRef, nonce = 0): TransactionAnchor | null {
  if (ref.kind === 'hash') {
    const row = statements.get(RESULT_BY_HASH_SQL).get(ref.hash) as { consensus_timestamp: bigint; contract_id: bigint | null; payer_account_id: bigint | null } | undefined;
    return row ? { timestamp: row.consensus_timestamp, entityId: row.contract_id, payer: row.payer_account_id } : null;
  }
  const row = statements.get(TRANSACTION_BY_ID_SQL).get(sqlInt(ref.payer), sqlInt(ref.validStart), nonce) as { consensus_timestamp: bigint; payer_account_id: bigint } | undefined;
  return row ? { timestamp: row.consensus_timestamp, entityId: row.payer_account_id, payer: row.payer_account_id } : null;
}

/** Everything recorded for one contract transaction, limited to the contracts it involved. */
export interface ContractTransactionRecord {
  payer: bigint | null;
  results: ContractResultRow[];
  logs: ContractLogRow[];
  stateChanges: Array<StateChangeRow & { migration: bigint }>;
  involved: Set<bigint>;
}

/**
 * The contracts a transaction involved (the reference's contract_transaction): every contract
 * and payer named by its results, logs and state changes. Null when `entityId` is not one of
 * them, which makes the lookup "not found".
 */
export function loadContractTransaction(statements: StatementCache, timestamp: bigint, entityId: bigint | null): ContractTransactionRecord | null {
  if (entityId === null) return null;
  const ts = sqlInt(timestamp);
  const results = statements.get(RESULTS_AT_SQL).all(ts) as ContractResultRow[];
  const logs = statements.get(LOGS_AT_SQL).all(ts) as Array<ContractLogRow & { payer_account_id: bigint | null }>;
  const stateChanges = statements.get(STATE_CHANGES_AT_SQL).all(ts) as Array<StateChangeRow & { migration: bigint; payer_account_id: bigint | null }>;
  const involved = new Set<bigint>();
  let payer: bigint | null = null;
  const sources: Array<{ contract: bigint | null; payer: bigint | null }> = [
    ...results.map((r) => ({ contract: r.contract_id, payer: r.payer_account_id })),
    ...logs.map((l) => ({ contract: l.contract_id, payer: l.payer_account_id })),
    ...stateChanges.map((c) => ({ contract: c.contract_id, payer: c.payer_account_id })),
  ];
  for (const source of sources) {
    if (source.contract !== null) involved.add(source.contract);
    if (source.payer !== null) {
      involved.add(source.payer);
      payer ??= source.payer;
    }
  }
  if (!involved.has(entityId)) return null;
  const among = (id: bigint | null): boolean => id !== null && involved.has(id);
  return {
    payer,
    results: results.filter((r) => among(r.contract_id)),
    logs: logs.filter((l) => among(l.contract_id)),
    stateChanges,
    involved,
  };
}
