import { encodeEntityId } from '../../mirror/format/entity-id.ts';
import { CONTRACT_SETUP_TABLES, contractRow } from './setup-tables-contracts.ts';
import { TOKEN_SETUP_TABLES } from './setup-tables-tokens.ts';
import { NETWORK_SETUP_TABLES } from './setup-tables-network.ts';
import { TOPIC_SETUP_TABLES } from './setup-tables-topics.ts';
import { TRANSACTION_SETUP_TABLES } from './setup-tables-transactions.ts';
import { toAliasBytes, toBool, toBytes, toEntityId, toInt, toRange, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
export interface RowInsert {
  table: string;
  values: Record<string, unknown>;
}
type TableLoader = (row: SpecRow) => RowInsert[];

/** Puts a row in `<table>` when its range is open, else in `<table>_history`, as the reference does. */
function current(table: string, values: Record<string, unknown>, upper: bigint | null): RowInsert {
  return { table: upper === null ? table : `${table}_history`, values };
}

const ENTITY_ID_FIELDS = new Set(['auto_renew_account_id', 'obtainer_id', 'proxy_account_id', 'staked_account_id']);
const BYTE_FIELDS = new Set(['delegation_address', 'evm_address', 'key']);
const TEXT_FIELDS = new Set(['memo', 'public_key', 'type']);
const BOOLEAN_FIELDS = new Set(['decline_reward', 'deleted', 'receiver_sig_required', 'permanent_removal']);

interface EntityDefaults {
  max_automatic_token_associations: SpecValue;
  memo: SpecValue;
  public_key: SpecValue;
  receiver_sig_required: SpecValue;
  type: SpecValue;
}

/** `accounts`, `contracts` and `entities` rows: generic entity defaults plus per-kind ones. */
function entityRow(spec: SpecRow, kind: EntityDefaults): Record<string, unknown> & { upper: bigint | null } {
  const merged: SpecRow = {
    alias: null, auto_renew_account_id: null, auto_renew_period: null, balance: null, balance_timestamp: null,
    created_timestamp: null, decline_reward: false, delegation_address: null, deleted: false, ethereum_nonce: null,
    evm_address: null, expiration_timestamp: null, key: null, obtainer_id: null, permanent_removal: null,
    proxy_account_id: null, realm: 0, shard: 0, staked_account_id: null, staked_node_id: -1, stake_period_start: -1,
    timestamp_range: '[0,)', ...kind, ...spec,
  };
  const num = toInt(spec.num ?? spec.id ?? 0)!;
  const id = spec.id !== undefined && spec.num === undefined ? toEntityId(spec.id)! : encodeEntityId(Number(merged.shard), Number(merged.realm), num);
  if (id === null) throw new Error(`entity id out of range: ${JSON.stringify(spec)}`);
  const range = toRange(merged.timestamp_range);
  const values: Record<string, unknown> = { id, num, timestamp_range_lower: range.lower, timestamp_range_upper: range.upper };
  for (const [field, value] of Object.entries(merged)) {
    if (field === 'id' || field === 'num' || field === 'timestamp_range') continue;
    values[field] = convertEntityField(field, value);
  }
  return { ...values, upper: range.upper };
}

function convertEntityField(field: string, value: SpecValue): unknown {
  if (field === 'alias') return toAliasBytes(value);
  if (ENTITY_ID_FIELDS.has(field)) return toEntityId(value);
  if (BYTE_FIELDS.has(field)) return toBytes(value);
  if (TEXT_FIELDS.has(field)) return value === null ? null : String(value);
  if (BOOLEAN_FIELDS.has(field)) return toBool(value);
  return toInt(value);
}

function entityLoader(kind: EntityDefaults, withContract: boolean): TableLoader {
  return (spec) => {
    const { upper, ...values } = entityRow(withContract ? withoutContractFields(spec) : spec, kind);
    const inserts = [current('entity', values, upper)];
    if (withContract && upper === null) inserts.push(contractRow(values.id as bigint, spec));
    return inserts;
  };
}

/** Contract-only columns (bytecode, file id) belong to the `contract` table, loaded later. */
function withoutContractFields(spec: SpecRow): SpecRow {
  const { file_id: _file, initcode: _init, runtime_bytecode: _runtime, ...rest } = spec;
  // Keys starting with `_` are notes in the spec files, not columns.
  return Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('_')));
}

const entityStakes: TableLoader = (spec) => {
  const endStakePeriod = toInt(spec.end_stake_period ?? 1)!;
  const range = toRange(spec.timestamp_range ?? `[${(endStakePeriod + 1n) * 86_400_000_000_000n + 1n},)`);
  const values = {
    id: toEntityId(spec.id ?? null),
    end_stake_period: endStakePeriod,
    pending_reward: toInt(spec.pending_reward ?? 0),
    staked_node_id_start: toInt(spec.staked_node_id_start ?? 1),
    staked_to_me: toInt(spec.staked_to_me ?? 0),
    stake_total_start: toInt(spec.stake_total_start ?? 0),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('entity_stake', values, range.upper)];
};

const tokenAccounts: TableLoader = (spec) => {
  // An explicit null (an association seen without its creation) stays null, as in the reference.
  const created = spec.created_timestamp === undefined ? 0n : toInt(spec.created_timestamp);
  const range = toRange(spec.timestamp_range ?? `[${created ?? 0n},)`);
  const values = {
    account_id: toEntityId(spec.account_id ?? null),
    token_id: toEntityId(spec.token_id ?? null),
    associated: toBool(spec.associated ?? true),
    automatic_association: spec.automatic_association === undefined ? 0n : toBool(spec.automatic_association),
    balance: toInt(spec.balance ?? 0),
    balance_timestamp: toInt(spec.balance_timestamp ?? 0),
    created_timestamp: created,
    freeze_status: toInt(spec.freeze_status ?? null),
    kyc_status: toInt(spec.kyc_status ?? null),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('token_account', values, range.upper)];
};

const balances: TableLoader = (spec) => {
  const timestamp = toInt(spec.timestamp ?? 0);
  const accountId = toEntityId(spec.id ?? null);
  const inserts: RowInsert[] = [{ table: 'account_balance', values: { consensus_timestamp: timestamp, account_id: accountId, balance: toInt(spec.balance ?? 0) } }];
  for (const token of (spec.tokens as SpecRow[] | undefined) ?? []) {
    inserts.push({
      table: 'token_balance',
      values: { consensus_timestamp: timestamp, account_id: accountId, token_id: toEntityId(token.token_num ?? null), balance: toInt(token.balance ?? 0) },
    });
  }
  return inserts;
};

const tokenBalance: TableLoader = (spec) => [{
  table: 'token_balance',
  values: {
    consensus_timestamp: toInt(spec.consensus_timestamp ?? 0),
    account_id: toEntityId(spec.account_id ?? '0.0.0'),
    token_id: toEntityId(spec.token_id ?? '0.0.0'),
    balance: toInt(spec.balance ?? 0),
  },
}];

/** The setup keys this project loads, each to the rows the reference would insert. */
export const SETUP_TABLES: Record<string, TableLoader> = {
  ...CONTRACT_SETUP_TABLES,
  accounts: entityLoader({ max_automatic_token_associations: 0, memo: 'entity memo', public_key: '4a5ad514f0957fa170a676210c9bdbddf3bc9519702cf915fa6767a40463b96f', receiver_sig_required: false, type: 'ACCOUNT' }, false),
  contracts: entityLoader({ max_automatic_token_associations: 0, memo: 'contract memo', public_key: null, receiver_sig_required: null, type: 'CONTRACT' }, true),
  entities: entityLoader({ max_automatic_token_associations: null, memo: 'entity memo', public_key: null, receiver_sig_required: false, type: 'ACCOUNT' }, false),
  entityStakes,
  tokenaccounts: tokenAccounts,
  balances,
  tokenBalance,
  ...TOKEN_SETUP_TABLES,
  ...TRANSACTION_SETUP_TABLES,
  ...TOPIC_SETUP_TABLES,
  ...NETWORK_SETUP_TABLES,
};
