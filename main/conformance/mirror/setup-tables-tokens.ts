import type { RowInsert } from './setup-tables.ts';
import { toBool, toBytes, toEntityId, toInt, toRange, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
type TableLoader = (row: SpecRow) => RowInsert[];

/** Puts a row in `<table>` when its range is open, else in `<table>_history`, as the reference does. */
function current(table: string, values: Record<string, unknown>, upper: bigint | null): RowInsert {
  return { table: upper === null ? table : `${table}_history`, values };
}

/**
 * The bytes PostgreSQL stores when the reference's loader passes a value to a bytea column
 * as text: a JS array goes over the wire as an array literal (`{"1","2"}`), a string is read
 * in bytea's input syntax (`\x` hex, else the escape format with `\ooo` octal bytes).
 */
export function pgByteaText(value: SpecValue | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return Buffer.from(`{${value.map((v) => JSON.stringify(String(v))).join(',')}}`, 'utf8');
  const text = String(value);
  if (text.startsWith('\\x')) return Buffer.from(text.slice(2), 'hex');
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && /^[0-3][0-7]{2}$/.test(text.slice(i + 1, i + 4))) {
      out.push(parseInt(text.slice(i + 1, i + 4), 8));
      i += 3;
    } else if (text[i] === '\\' && text[i + 1] === '\\') {
      out.push(0x5c);
      i += 1;
    } else {
      out.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(out);
}

const TOKEN_KEY_FIELDS = ['fee_schedule_key', 'freeze_key', 'kyc_key', 'metadata_key', 'pause_key', 'supply_key', 'wipe_key'];

const tokens: TableLoader = (spec) => {
  const created = toInt(spec.created_timestamp ?? 0)!;
  const nonFungible = spec.type === 'NON_FUNGIBLE_UNIQUE';
  const range = toRange(spec.timestamp_range ?? `[${created},)`);
  const tokenId = toEntityId(spec.token_id ?? '0.0.0')!;
  const values: Record<string, unknown> = {
    token_id: tokenId,
    created_timestamp: created,
    decimals: nonFungible ? 0n : toInt(spec.decimals ?? 1000),
    freeze_default: toBool(spec.freeze_default ?? false),
    freeze_status: toInt(spec.freeze_status ?? 0),
    initial_supply: nonFungible ? 0n : toInt(spec.initial_supply ?? 1000000),
    kyc_status: toInt(spec.kyc_status ?? 0),
    max_supply: toInt(spec.max_supply ?? '9223372036854775807'),
    metadata: spec.metadata === null ? null : toBytes(spec.metadata ?? []) ?? Buffer.alloc(0),
    name: String(spec.name ?? 'Token name'),
    pause_status: String(spec.pause_status ?? 'NOT_APPLICABLE'),
    supply_type: String(spec.supply_type ?? 'INFINITE'),
    symbol: String(spec.symbol ?? 'YBTJBOAZ'),
    total_supply: toInt(spec.total_supply ?? 1000000),
    treasury_account_id: toEntityId(spec.treasury_account_id ?? '0.0.98'),
    type: String(spec.type ?? 'FUNGIBLE_COMMON'),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  for (const field of TOKEN_KEY_FIELDS) values[field] = pgByteaText(spec[field]);
  const inserts = [current('token', values, range.upper)];
  const fees = spec.custom_fees as SpecRow[] | undefined;
  if (fees === undefined) {
    inserts.push(...customFees({ entity_id: spec.token_id ?? '0.0.0', timestamp_range: `[${created},)` }));
  } else {
    for (const fee of fees) inserts.push(...customFees(fee));
  }
  return inserts;
};

/** Collector and denominating ids inside fee JSON are stored encoded, as the importer writes them. */
function feeJson(fees: SpecValue | undefined): string | null {
  if (fees === undefined || fees === null) return null;
  const convert = (value: SpecValue): SpecValue => {
    if (Array.isArray(value)) return value.map(convert);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k.endsWith('_id') && v !== null ? String(toEntityId(v)) : convert(v)]));
    }
    return value;
  };
  return JSON.stringify(convert(fees), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

const customFees: TableLoader = (spec) => {
  const range = toRange(spec.timestamp_range ?? '[0,)');
  const values = {
    entity_id: toEntityId(spec.entity_id ?? '0.0.0'),
    fixed_fees: feeJson(spec.fixed_fees),
    fractional_fees: feeJson(spec.fractional_fees),
    royalty_fees: feeJson(spec.royalty_fees),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('custom_fee', values, range.upper)];
};

const nfts: TableLoader = (spec) => {
  // An explicit null creation time stays null: it marks an NFT whose mint was never seen.
  const created = spec.created_timestamp === undefined ? 0n : toInt(spec.created_timestamp);
  const range = toRange(spec.timestamp_range ?? `[${created ?? 0n},)`);
  const values = {
    token_id: toEntityId(spec.token_id ?? '0.0.0'),
    serial_number: toInt(spec.serial_number ?? 0),
    account_id: spec.account_id === undefined ? 0n : toEntityId(spec.account_id),
    created_timestamp: created,
    delegating_spender: toEntityId(spec.delegating_spender ?? null),
    deleted: toBool(spec.deleted ?? false),
    metadata: spec.metadata === undefined ? Buffer.alloc(0) : pgByteaText(spec.metadata),
    spender: toEntityId(spec.spender ?? null),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('nft', values, range.upper)];
};

const cryptoAllowances: TableLoader = (spec) => {
  const range = toRange(spec.timestamp_range ?? '[0,)');
  const values = {
    owner: toEntityId(spec.owner ?? 1000),
    spender: toEntityId(spec.spender ?? 2000),
    amount: toInt(spec.amount ?? 0),
    amount_granted: toInt(spec.amount_granted ?? 0),
    payer_account_id: toEntityId(spec.payer_account_id ?? 101),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('crypto_allowance', values, range.upper)];
};

const tokenAllowances: TableLoader = (spec) => {
  const range = toRange(spec.timestamp_range ?? '[0,)');
  const values = {
    owner: toEntityId(spec.owner ?? 1000),
    spender: toEntityId(spec.spender ?? 2000),
    token_id: toEntityId(spec.token_id ?? 3000),
    amount: toInt(spec.amount ?? 0),
    amount_granted: toInt(spec.amount_granted ?? 0),
    payer_account_id: toEntityId(spec.payer_account_id ?? 1000),
    timestamp_range_lower: range.lower,
    timestamp_range_upper: range.upper,
  };
  return [current('token_allowance', values, range.upper)];
};

const stakingRewardTransfers: TableLoader = (spec) => [{
  table: 'staking_reward_transfer',
  values: {
    account_id: toEntityId(spec.account_id ?? 1001),
    amount: toInt(spec.amount ?? 100),
    consensus_timestamp: toInt(spec.consensus_timestamp ?? null),
    payer_account_id: toEntityId(spec.payer_account_id ?? 950),
  },
}];

/** Setup keys of the balances, tokens and account sub-resource groups. */
export const TOKEN_SETUP_TABLES: Record<string, TableLoader> = {
  tokens,
  customfees: customFees,
  nfts,
  cryptoAllowances,
  tokenAllowances,
  stakingRewardTransfers,
};
