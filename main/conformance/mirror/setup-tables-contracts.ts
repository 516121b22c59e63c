import type { RowInsert } from './setup-tables.ts';
import { toBool, toBytes, toEntityId, toInt, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
type TableLoader = (row: SpecRow) => RowInsert[];

/** Spec keys starting with `_` are notes, not columns (the reference drops them too). */
function withDefaults(defaults: SpecRow, spec: SpecRow): SpecRow {
  const merged: SpecRow = { ...defaults };
  for (const [key, value] of Object.entries(spec)) if (!key.startsWith('_')) merged[key] = value;
  return merged;
}

function convert(row: SpecRow, kinds: { bytes?: string[]; ids?: string[]; bools?: string[]; text?: string[] }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (kinds.bytes?.includes(key)) out[key] = toBytes(value);
    else if (kinds.ids?.includes(key)) out[key] = toEntityId(value);
    else if (kinds.bools?.includes(key)) out[key] = toBool(value);
    else if (kinds.text?.includes(key)) out[key] = value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
    else out[key] = toInt(value);
  }
  return out;
}

const only = (row: SpecRow, keys: string[]): SpecRow => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

/** The `contract` row of a current `contracts` setup row (SPEC_FORMAT.md §4). */
export function contractRow(id: bigint, spec: SpecRow): RowInsert {
  return {
    table: 'contract',
    values: {
      id,
      file_id: toEntityId(spec.file_id ?? null),
      initcode: toBytes(spec.initcode ?? null),
      runtime_bytecode: toBytes(spec.runtime_bytecode ?? null),
    },
  };
}

const RESULT_DEFAULTS: SpecRow = {
  amount: 0, bloom: null, call_result: null, consensus_timestamp: 1234510001, contract_id: 0, created_contract_ids: [],
  error_message: '', failed_initcode: null, function_parameters: '0x010102020303', function_result: null, gas_consumed: null,
  gas_limit: 1000, gas_used: null, payer_account_id: 102, sender_id: 101,
  transaction_hash: Array.from({ length: 32 }, (_v, i) => i), transaction_index: 1, transaction_nonce: 0, transaction_result: 22,
};

const contractResults: TableLoader = (spec) => {
  const row = withDefaults(RESULT_DEFAULTS, spec);
  const created = ((row.created_contract_ids as SpecValue[] | null) ?? []).map((id) => toEntityId(id)!.toString());
  const values = convert(only(row, Object.keys(RESULT_DEFAULTS).filter((k) => k !== 'created_contract_ids')), {
    bytes: ['bloom', 'call_result', 'failed_initcode', 'function_parameters', 'function_result', 'transaction_hash'],
    ids: ['contract_id', 'payer_account_id', 'sender_id'],
    text: ['error_message'],
  });
  return [{ table: 'contract_result', values: { ...values, created_contract_ids: created.join(',') } }];
};

const LOG_DEFAULTS: SpecRow = {
  bloom: '0x0123', consensus_timestamp: 1234510001, contract_id: 1, data: '0x0123', index: 0, payer_account_id: 102,
  root_contract_id: null,
  topic0: '0x97c1fc0a6ed5551bc831571325e9bdb365d06803100dc20648640ba24ce69750',
  topic1: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  topic2: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  topic3: '0xe8d47b56e8cdfa95f871b19d4f50a857217c44a95502b0811a350fec1500dd67',
  transaction_hash: Array.from({ length: 32 }, (_v, i) => i), transaction_index: 0,
};

const contractLogs: TableLoader = (spec) => [{
  table: 'contract_log',
  values: convert(only(withDefaults(LOG_DEFAULTS, spec), Object.keys(LOG_DEFAULTS)), {
    bytes: ['bloom', 'data', 'topic0', 'topic1', 'topic2', 'topic3', 'transaction_hash'],
    ids: ['contract_id', 'payer_account_id', 'root_contract_id'],
  }),
}];

const ACTION_DEFAULTS: SpecRow = {
  call_depth: 1, call_operation_type: 1, call_type: 1, caller: 8001, caller_type: 'CONTRACT', consensus_timestamp: 1234510001,
  gas: 10000, gas_used: 5000, index: 1, input: null, payer_account_id: 102, recipient_account: null, recipient_address: null,
  recipient_contract: null, result_data: null, result_data_type: 11, value: 100,
};

const contractActions: TableLoader = (spec) => [{
  table: 'contract_action',
  values: convert(only(withDefaults(ACTION_DEFAULTS, spec), Object.keys(ACTION_DEFAULTS)), {
    bytes: ['input', 'recipient_address', 'result_data'],
    ids: ['caller', 'payer_account_id', 'recipient_account', 'recipient_contract'],
    text: ['caller_type'],
  }),
}];

const STATE_DEFAULTS: SpecRow = {
  contract_id: null, created_timestamp: 1664365660048674966n, modified_timestamp: 1664365660048674966n,
  slot: '0000000000000000000000000000000000000000000000000000000000000001', value: 1,
};

const contractStates: TableLoader = (spec) => {
  const row = withDefaults(STATE_DEFAULTS, spec);
  if (typeof row.value === 'number') row.value = row.value.toString(16);
  return [{
    table: 'contract_state',
    values: convert(only(row, Object.keys(STATE_DEFAULTS)), { bytes: ['slot', 'value'], ids: ['contract_id'] }),
  }];
};

const STATE_CHANGE_DEFAULTS: SpecRow = {
  consensus_timestamp: 1234510001, contract_id: 1, migration: false, payer_account_id: 2, slot: '0x1',
  value_read: '0x0101', value_written: '0xa1a1',
};

const contractStateChanges: TableLoader = (spec) => [{
  table: 'contract_state_change',
  values: convert(only(withDefaults(STATE_CHANGE_DEFAULTS, spec), Object.keys(STATE_CHANGE_DEFAULTS)), {
    bytes: ['slot', 'value_read', 'value_written'],
    ids: ['contract_id', 'payer_account_id'],
    bools: ['migration'],
  }),
}];

const ETHEREUM_DEFAULTS: SpecRow = {
  access_list: null, authorization_list: null, call_data_id: null, call_data: null, chain_id: null,
  consensus_timestamp: '187654000123456', data: '0x000000000', gas_limit: 1000000, gas_price: '0xAD78EBC5AC620000',
  hash: '0x0000000000000000000000000000000000000000000000000000000000000123', max_fee_per_gas: null, max_gas_allowance: 10000,
  max_priority_fee_per_gas: null, nonce: 1, payer_account_id: 5001, recovery_id: 1,
  signature_r: '0xd693b532a80fed6392b428604171fb32fdbf953728a3a7ecc7d4062b1652c042',
  signature_s: '0x24e9c602ac800b983b035700a14b23f78a253ab762deab5dc27e3555a750b354',
  signature_v: '0x1b', to_address: '0x0000000000000000000000000000000000001389', type: 2, value: '0x0',
};

const ethereumTransactions: TableLoader = (spec) => [{
  table: 'ethereum_transaction',
  values: convert(only(withDefaults(ETHEREUM_DEFAULTS, spec), Object.keys(ETHEREUM_DEFAULTS)), {
    bytes: ['access_list', 'call_data', 'chain_id', 'data', 'gas_price', 'hash', 'max_fee_per_gas', 'max_priority_fee_per_gas',
      'signature_r', 'signature_s', 'signature_v', 'to_address', 'value'],
    ids: ['call_data_id', 'payer_account_id'],
    text: ['authorization_list'],
  }),
}];

/**
 * Loaders of tables other groups own (record files, file data), for the columns contract
 * results read. Spread first into SETUP_TABLES, so a
 * fuller loader of the owning group, listed later, replaces each of them.
 */
const HEX_ENCODED_FILE_IDS = new Set(['111', '112']);

const fileData: TableLoader = (spec) => {
  const raw = spec.file_data ?? null;
  const hex = HEX_ENCODED_FILE_IDS.has(String(spec.entity_id));
  const bytes = typeof raw === 'string' ? Buffer.from(raw, hex ? 'hex' : 'utf8') : toBytes(raw);
  return [{
    table: 'file_data',
    values: {
      consensus_timestamp: toInt(spec.consensus_timestamp ?? null),
      entity_id: toEntityId(spec.entity_id ?? null),
      file_data: bytes,
      transaction_type: toInt(spec.transaction_type ?? 17),
    },
  }];
};

const recordFiles: TableLoader = (spec) => {
  const row = withDefaults({
    consensus_start: 1628751572000852000n, consensus_end: 1628751573995691000n, count: 1200, digest_algorithm: 0, gas_used: 0,
    hash: 'ed55d98d53fd55c9caf5f61affe88cd2978d37128ec54af5dace29b6fd271cbcb7ad4fdcc6d9b0d4c6c1a6d21a1f1e0b', index: 123456789,
    logs_bloom: null, name: '2021-08-12T06_59_32.000852000Z.rcd', prev_hash: null, version: 5,
  }, spec);
  return [{
    table: 'record_file',
    values: {
      consensus_start: toInt(row.consensus_start), consensus_end: toInt(row.consensus_end), count: toInt(row.count),
      digest_algorithm: toInt(row.digest_algorithm), gas_used: toInt(row.gas_used), hash: String(row.hash),
      index: toInt(row.index), logs_bloom: toBytes(row.logs_bloom), name: String(row.name),
      prev_hash: row.prev_hash === null ? null : String(row.prev_hash), version: toInt(row.version),
    },
  }];
};

export const CONTRACT_SETUP_TABLES: Record<string, TableLoader> = {
  filedata: fileData,
  recordFiles,
  contractresults: contractResults,
  contractlogs: contractLogs,
  contractactions: contractActions,
  contractStateChanges,
  contractStates,
  ethereumtransactions: ethereumTransactions,
};
