import { stringifyJson } from '../../mirror/format/json-out.ts';
import type { RowInsert } from './setup-tables.ts';
import { orDefault, toBool, toBytes, toEntityId, toInt, toRange, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
type TableLoader = (row: SpecRow) => RowInsert[];

/** The reference loader's default certificate hash: hex text, stored as its UTF-8 bytes. */
const DEFAULT_CERT_HASH = '01d173753810c0aae794ba72d5443c292e9ff962b01046220dd99f5816422696e0569c977e2f169e1e5688afc8f4aa16';
const DEFAULT_PUBLIC_KEY = '4a5ad514f0957fa170a676210c9bdbddf3bc9519702cf915fa6767a40463b96f';
const DEFAULT_ADDRESS_BOOK = '\\x97c1fc0a6ed5551bc831571325e9bdb365d06803100dc20648640ba24ce69750';
/** Files whose spec contents are hex (exchange rates, fee schedule); others are text. */
const HEX_FILES = new Set(['111', '112']);

const addressBooks: TableLoader = (spec) => [{
  table: 'address_book',
  values: {
    start_consensus_timestamp: toInt(orDefault(spec, 'start_consensus_timestamp', 0)),
    end_consensus_timestamp: toInt(orDefault(spec, 'end_consensus_timestamp', null)),
    file_id: toEntityId(orDefault(spec, 'file_id', 102)),
    node_count: toInt(orDefault(spec, 'node_count', 20)),
    file_data: Buffer.from(String(orDefault(spec, 'file_data', DEFAULT_ADDRESS_BOOK)), 'utf8'),
  },
}];

const addressBookEntries: TableLoader = (spec) => [{
  table: 'address_book_entry',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', 0)),
    memo: orDefault(spec, 'memo', '0.0.3'),
    public_key: orDefault(spec, 'public_key', DEFAULT_PUBLIC_KEY),
    node_id: toInt(orDefault(spec, 'node_id', 2000)),
    node_account_id: toEntityId(orDefault(spec, 'node_account_id', 3)),
    node_cert_hash: typeof spec.node_cert_hash === 'string' ? Buffer.from(spec.node_cert_hash, 'hex') : Buffer.from(DEFAULT_CERT_HASH, 'utf8'),
    description: orDefault(spec, 'description', 'description'),
    stake: toInt(orDefault(spec, 'stake', 0)),
  },
}];

const addressBookServiceEndpoints: TableLoader = (spec) => [{
  table: 'address_book_service_endpoint',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', 0)),
    domain_name: orDefault(spec, 'domain_name', ''),
    ip_address_v4: orDefault(spec, 'ip_address_v4', '127.0.0.1'),
    node_id: toInt(orDefault(spec, 'node_id', 0)),
    port: toInt(orDefault(spec, 'port', 50211)),
  },
}];

const nodes: TableLoader = (spec) => {
  const range = toRange(orDefault(spec, 'timestamp_range', '[0,)'));
  const endpoint = orDefault(spec, 'grpc_proxy_endpoint', { domain_name: 'localhost', ip_address_v4: '', port: 80 });
  return [{
    table: range.upper === null ? 'node' : 'node_history',
    values: {
      node_id: toInt(orDefault(spec, 'node_id', 0)),
      account_id: toEntityId(orDefault(spec, 'account_id', null)),
      admin_key: toBytes(orDefault(spec, 'admin_key', 'OiG1sc5qQaLDwUfqfBg8urypfFGcwlesArZzBDsEgvyr0MQ')),
      created_timestamp: toInt(orDefault(spec, 'created_timestamp', 1664365660048674966n)),
      decline_reward: toBool(orDefault(spec, 'decline_reward', false)),
      deleted: toBool(orDefault(spec, 'deleted', false)),
      grpc_proxy_endpoint: endpoint === null ? null : stringifyJson(endpoint),
      timestamp_range_lower: range.lower,
      timestamp_range_upper: range.upper,
    },
  }];
};

const nodeStakes: TableLoader = (spec) => [{
  table: 'node_stake',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', 0)),
    epoch_day: toInt(orDefault(spec, 'epoch_day', 0)),
    max_stake: toInt(orDefault(spec, 'max_stake', 2000)),
    min_stake: toInt(orDefault(spec, 'min_stake', 1)),
    node_id: toInt(orDefault(spec, 'node_id', 0)),
    reward_rate: toInt(orDefault(spec, 'reward_rate', 0)),
    stake: toInt(orDefault(spec, 'stake', 0)),
    stake_not_rewarded: toInt(orDefault(spec, 'stake_not_rewarded', 0)),
    stake_rewarded: toInt(orDefault(spec, 'stake_rewarded', 0)),
    staking_period: toInt(orDefault(spec, 'staking_period', 86_400_000_000_000n - 1n)),
  },
}];

const NETWORK_STAKE_COLUMNS = [
  'consensus_timestamp', 'epoch_day', 'max_stake_rewarded', 'max_staking_reward_rate_per_hbar', 'max_total_reward',
  'node_reward_fee_denominator', 'node_reward_fee_numerator', 'reserved_staking_rewards', 'reward_balance_threshold',
  'stake_total', 'staking_period', 'staking_period_duration', 'staking_periods_stored', 'staking_reward_fee_denominator',
  'staking_reward_fee_numerator', 'staking_reward_rate', 'staking_start_threshold', 'unreserved_staking_reward_balance',
];

const networkStakes: TableLoader = (spec) => [{
  table: 'network_stake',
  values: Object.fromEntries(NETWORK_STAKE_COLUMNS.map((c) => [c, toInt(orDefault(spec, c, 0))])),
}];

/** `filedata`: contents of files 0.0.111 and 0.0.112 are hex in the specs, other files text. */
const fileData: TableLoader = (spec) => {
  const raw = spec.file_data;
  const hex = HEX_FILES.has(String(spec.entity_id));
  const bytes = typeof raw === 'string' ? Buffer.from(raw, hex ? 'hex' : 'utf8') : Buffer.from(((raw ?? []) as number[]).map(Number));
  return [{
    table: 'file_data',
    values: {
      consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
      entity_id: toEntityId(orDefault(spec, 'entity_id', null)),
      file_data: bytes,
      transaction_type: toInt(orDefault(spec, 'transaction_type', 17)),
    },
  }];
};

/** Setup keys of the network group. */
export const NETWORK_SETUP_TABLES: Record<string, TableLoader> = {
  addressbooks: addressBooks,
  addressbookentries: addressBookEntries,
  addressbookserviceendpoints: addressBookServiceEndpoints,
  nodes,
  nodestakes: nodeStakes,
  networkstakes: networkStakes,
  filedata: fileData,
};
