import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';

/** Hand-assembled runtime bytecode for contract call tests (no compiler needed). */
export const BYTECODE = {
  /** Returns storage slot 0 as one word. */
  readSlot0: '60005460005260206000f3',
  /** Writes 5 to slot 1, then returns slot 1. */
  writeThenRead: ['6005', '6001', '55', '6001', '54', '6000', '52', '6020', '6000', 'f3'].join(''),
  /** Reverts with Error("nope"): copies the 100 bytes of revert data that follow the 12 code bytes. */
  revertNope: ['6064', '600c', '6000', '39', '6064', '6000', 'fd'].join('')
    + '08c379a0' + '20'.padStart(64, '0') + '4'.padStart(64, '0') + Buffer.from('nope').toString('hex').padEnd(64, '0'),
  /** Calls the Hedera Token Service system contract (0x167). */
  callTokenService: '600060006000600060006101675af100',
  /** Loops forever (until out of gas). */
  spin: '5b600056',
} as const;

export interface ContractSpec {
  num: number;
  evmAddress?: string;
  runtime?: string;
  balance?: number;
  deleted?: boolean;
  createdTimestamp?: number;
}

/** A contract entity with its `contract` row. */
export function insertContract(store: LedgerStore, spec: ContractSpec): void {
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, evm_address, balance, memo, created_timestamp, timestamp_range_lower, key, max_automatic_token_associations)
VALUES (?, ?, 0, 0, 'CONTRACT', ?, ?, ?, 'contract memo', ?, ?, NULL, 0)`)
    .run(spec.num, spec.num, spec.deleted ? 1 : 0, spec.evmAddress ? Buffer.from(spec.evmAddress, 'hex') : null, spec.balance ?? 0,
      spec.createdTimestamp ?? 1_000_000_000, spec.createdTimestamp ?? 1_000_000_000);
  store.db.prepare('INSERT INTO contract (id, runtime_bytecode) VALUES (?, ?)').run(spec.num, spec.runtime ? Buffer.from(spec.runtime, 'hex') : null);
}

/** An account entity that may pay for calls. */
export function insertPayer(store: LedgerStore, num: number, balance: number, evmAddress?: string): void {
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, evm_address, balance, timestamp_range_lower)
VALUES (?, ?, 0, 0, 'ACCOUNT', 0, ?, ?, 0)`).run(num, num, evmAddress ? Buffer.from(evmAddress, 'hex') : null, balance);
}

export function insertSlot(store: LedgerStore, contractNum: number, slot: bigint, value: bigint, modified = 1_000_000_000): void {
  store.db.prepare('INSERT INTO contract_state (contract_id, slot, value, created_timestamp, modified_timestamp) VALUES (?, ?, ?, ?, ?)')
    .run(contractNum, Buffer.from(slot.toString(16).padStart(64, '0'), 'hex'), Buffer.from(value.toString(16).padStart(64, '0'), 'hex'), modified, modified);
}

export interface ResultSpec {
  timestamp: number;
  contractNum: number;
  sender?: number;
  payer?: number;
  hash?: string;
  nonce?: number;
}

export function insertResult(store: LedgerStore, spec: ResultSpec): void {
  store.db.prepare(`INSERT INTO contract_result (consensus_timestamp, contract_id, amount, call_result, created_contract_ids, error_message,
  function_parameters, gas_limit, gas_used, payer_account_id, sender_id, transaction_hash, transaction_index, transaction_nonce, transaction_result)
VALUES (?, ?, 0, x'01', '', '', x'', 100000, 50000, ?, ?, ?, 1, ?, 22)`)
    .run(spec.timestamp, spec.contractNum, spec.payer ?? 2, spec.sender ?? 1001, Buffer.from(spec.hash ?? spec.timestamp.toString(16).padStart(64, '0'), 'hex'), spec.nonce ?? 0);
}

export function insertLog(store: LedgerStore, timestamp: number, index: number, contractNum: number, topic0: string): void {
  store.db.prepare(`INSERT INTO contract_log (consensus_timestamp, "index", contract_id, data, payer_account_id, topic0, transaction_hash, transaction_index)
VALUES (?, ?, ?, x'01', 2, ?, x'00', 1)`).run(timestamp, index, contractNum, Buffer.from(topic0, 'hex'));
}

export function insertStateChange(store: LedgerStore, timestamp: number, contractNum: number, slot: number, written: number): void {
  store.db.prepare(`INSERT INTO contract_state_change (consensus_timestamp, contract_id, slot, migration, payer_account_id, value_read, value_written)
VALUES (?, ?, ?, 0, 2, x'00', ?)`).run(timestamp, contractNum, Buffer.from([slot]), Buffer.from([written]));
}

export function insertBlock(store: LedgerStore, index: number, start: number, end: number): void {
  store.db.prepare(`INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, hash, "index", name)
VALUES (?, ?, 1, 0, ?, ?, ?)`).run(end, start, index.toString(16).padStart(96, '0'), index, `block-${index}.rcd`);
}
