import { stringifyJson } from '../../mirror/format/json-out.ts';
import type { RowInsert } from './setup-tables.ts';
import { pgByteaText } from './setup-tables-tokens.ts';
import { orDefault, toBool, toBytes, toEntityId, toInt, type SpecValue } from './setup-values.ts';

type SpecRow = Record<string, SpecValue>;
type TableLoader = (row: SpecRow) => RowInsert[];

/** Fee split of the reference loader's default transfers: node 2, fee collector 1, payer -3. */
const NODE_FEE = 2n;
const NETWORK_FEE = 1n;
const DEFAULT_NODE = 3n;
const FEE_COLLECTOR = 98n;
/** `transaction_hash` default: bytes 1 to 48. */
const DEFAULT_HASH = Buffer.from(Array.from({ length: 48 }, (_, i) => i + 1));

/**
 * `transactions` rows (integrationDomainOps.addTransaction): the transaction, its hash row,
 * crypto transfers (three default fee transfers when none are given and a fee was charged),
 * token transfers, and one `nft_transfer` row per NFT movement.
 */
export const transactions: TableLoader = (spec) => {
  const consensus = toInt(orDefault(spec, 'consensus_timestamp', null))!;
  const payer = toEntityId(orDefault(spec, 'payerAccountId', null));
  const node = toEntityId(orDefault(spec, 'nodeAccountId', null));
  const chargedFee = toInt(orDefault(spec, 'charged_tx_fee', 7))!;
  const validStart = spec.valid_start_timestamp === undefined ? consensus - 1n : toInt(spec.valid_start_timestamp);
  const hash = spec.transaction_hash === undefined ? DEFAULT_HASH : toBytes(spec.transaction_hash);
  const nftTransfers = ((spec.nft_transfer ?? null) as SpecRow[] | null)?.map(nftTransferJson) ?? null;
  const inserts: RowInsert[] = [{
    table: '"transaction"',
    values: {
      consensus_timestamp: consensus,
      batch_key: toBytes(orDefault(spec, 'batch_key', null)),
      charged_tx_fee: chargedFee,
      entity_id: toEntityId(orDefault(spec, 'entity_id', null)),
      high_volume: toBool(spec.high_volume ?? false),
      high_volume_pricing_multiplier: toInt(orDefault(spec, 'high_volume_pricing_multiplier', 1)),
      index: toInt(orDefault(spec, 'index', 1)),
      inner_transactions: innerTransactionsJson(spec.inner_transactions),
      max_custom_fees: maxCustomFeesJson(spec.max_custom_fees),
      max_fee: toInt(orDefault(spec, 'max_fee', 33)),
      nft_transfer: nftTransfers === null ? null : stringifyJson(nftTransfers),
      node_account_id: node,
      nonce: toInt(orDefault(spec, 'nonce', 0)),
      parent_consensus_timestamp: toInt(orDefault(spec, 'parent_consensus_timestamp', null)),
      payer_account_id: payer,
      result: toInt(orDefault(spec, 'result', 22)),
      scheduled: toBool(orDefault(spec, 'scheduled', false)),
      transaction_bytes: pgByteaText(spec.transaction_bytes === undefined ? 'bytes' : spec.transaction_bytes),
      transaction_hash: hash,
      type: toInt(orDefault(spec, 'type', 14)),
      valid_duration_seconds: toInt(orDefault(spec, 'valid_duration_seconds', 11)),
      valid_start_ns: validStart,
    },
  }];
  if (hash) {
    inserts.push({
      table: 'transaction_hash',
      values: { consensus_timestamp: consensus, hash: hash.subarray(0, 32), hash_suffix: hash.length > 32 ? hash.subarray(32) : null, payer_account_id: payer },
    });
  }
  const transfers = (spec.transfers ?? []) as SpecRow[];
  if (transfers.length === 0 && chargedFee > 0n && payer !== null) {
    inserts.push(cryptoTransfer(consensus, node ?? DEFAULT_NODE, NODE_FEE, payer, false));
    inserts.push(cryptoTransfer(consensus, FEE_COLLECTOR, NETWORK_FEE, payer, false));
    inserts.push(cryptoTransfer(consensus, payer, -(NODE_FEE + NETWORK_FEE), payer, false));
  }
  for (const t of transfers) inserts.push(cryptoTransfer(consensus, toEntityId(t.account ?? null)!, toInt(t.amount ?? 0)!, payer, t.is_approval));
  for (const t of (spec.token_transfer_list ?? []) as SpecRow[]) {
    inserts.push({
      table: 'token_transfer',
      values: {
        consensus_timestamp: consensus, token_id: toEntityId(t.token_id ?? null), account_id: toEntityId(t.account ?? null),
        amount: toInt(t.amount ?? 0), payer_account_id: payer, is_approval: toBool(t.is_approval ?? null),
      },
    });
  }
  for (const n of nftTransfers ?? []) {
    inserts.push({
      table: 'nft_transfer',
      values: {
        consensus_timestamp: consensus, token_id: n.token_id, serial_number: n.serial_number, sender_account_id: n.sender_account_id,
        receiver_account_id: n.receiver_account_id, is_approval: n.is_approval === null ? null : n.is_approval ? 1n : 0n, payer_account_id: payer,
      },
    });
  }
  return inserts;
};

function cryptoTransfer(consensus: bigint, account: bigint, amount: bigint, payer: bigint | null, approval: SpecValue | undefined): RowInsert {
  return {
    table: 'crypto_transfer',
    values: { consensus_timestamp: consensus, entity_id: account, amount, payer_account_id: payer, is_approval: toBool(approval ?? null) },
  };
}

interface NftTransferJson {
  receiver_account_id: bigint | null;
  sender_account_id: bigint | null;
  serial_number: bigint;
  token_id: bigint | null;
  is_approval: boolean | null;
}

function nftTransferJson(spec: SpecRow): NftTransferJson {
  return {
    receiver_account_id: toEntityId(orDefault(spec, 'receiver_account_id', null)),
    sender_account_id: toEntityId(orDefault(spec, 'sender_account_id', null)),
    serial_number: toInt(orDefault(spec, 'serial_number', 0))!,
    token_id: toEntityId(orDefault(spec, 'token_id', null)),
    is_approval: spec.is_approval === undefined || spec.is_approval === null ? null : spec.is_approval === true,
  };
}

/** `[payer, validStart, payer, validStart, ...]` with payers encoded, as JSON text. */
function innerTransactionsJson(value: SpecValue | undefined): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return stringifyJson(value.map((v, i) => (i % 2 === 0 ? toEntityId(v) : toInt(v))));
}

/** Custom fee limits as JSON: `[{account_id, fees: [{amount, denominating_token_id}]}]`. */
function maxCustomFeesJson(value: SpecValue | undefined): string {
  const limits = (Array.isArray(value) ? value : []) as SpecRow[];
  return stringifyJson(limits.map((limit) => {
    const account = (limit.accountId ?? {}) as SpecRow;
    return {
      account_id: toEntityId(BigInt(String(account.accountNum ?? 0))),
      fees: ((limit.fees ?? []) as SpecRow[]).map((fee) => {
        const token = (fee.denominatingTokenId ?? {}) as SpecRow;
        return { amount: toInt(fee.amount ?? 0), denominating_token_id: token.tokenNum === undefined ? null : toEntityId(BigInt(String(token.tokenNum))) };
      }),
    };
  }));
}

/** `cryptotransfers`: a CRYPTOTRANSFER transaction with sender, recipient and fee transfers. */
export const cryptoTransfers: TableLoader = (spec) => {
  const row: SpecRow = { ...spec };
  if (!('senderAccountId' in row)) row.senderAccountId = row.payerAccountId ?? null;
  if (!('payerAccountId' in row)) row.payerAccountId = row.senderAccountId ?? null;
  if (!('amount' in row)) row.amount = 2;
  if (!('recipientAccountId' in row)) row.recipientAccountId = row.nodeAccountId ?? null;
  if (!('transfers' in row)) {
    const amount = toInt(row.amount)!;
    row.transfers = [
      { account: toEntityId(row.senderAccountId) as unknown as SpecValue, amount: -NETWORK_FEE - amount, is_approval: false },
      { account: toEntityId(row.recipientAccountId) as unknown as SpecValue, amount, is_approval: false },
      { account: toEntityId(row.treasuryAccountId ?? null) as unknown as SpecValue, amount: NETWORK_FEE, is_approval: false },
    ];
  }
  return transactions(row);
};

export const assessedCustomFees: TableLoader = (spec) => [{
  table: 'assessed_custom_fee',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
    amount: toInt(orDefault(spec, 'amount', 0)),
    collector_account_id: toEntityId(orDefault(spec, 'collector_account_id', null)),
    effective_payer_account_ids: stringifyJson(((spec.effective_payer_account_ids ?? []) as SpecValue[]).map((p) => toEntityId(p))),
    payer_account_id: toEntityId(orDefault(spec, 'payer_account_id', 300)),
    token_id: toEntityId(orDefault(spec, 'token_id', null)),
  },
}];

export const entityTransactions: TableLoader = (spec) => [{
  table: 'entity_transaction',
  values: {
    entity_id: toEntityId(orDefault(spec, 'entity_id', null)),
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
    payer_account_id: toEntityId(orDefault(spec, 'payer_account_id', null)),
    result: toInt(orDefault(spec, 'result', 22)),
    type: toInt(orDefault(spec, 'type', 14)),
  },
}];

export const transactionHashes: TableLoader = (spec) => {
  const hash = toBytes(orDefault(spec, 'hash', null))!;
  return [{
    table: 'transaction_hash',
    values: { consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)), hash: hash.subarray(0, 32), hash_suffix: hash.length > 32 ? hash.subarray(32) : null, payer_account_id: toEntityId(orDefault(spec, 'payer_account_id', null)) },
  }];
};

export const transactionSignatures: TableLoader = (spec) => [{
  table: 'transaction_signature',
  values: {
    consensus_timestamp: toInt(orDefault(spec, 'consensus_timestamp', null)),
    entity_id: toEntityId(orDefault(spec, 'entity_id', null)),
    public_key_prefix: Buffer.from((orDefault(spec, 'public_key_prefix', [])) as number[]),
    signature: Buffer.from((orDefault(spec, 'signature', [])) as number[]),
    type: toInt(orDefault(spec, 'type', null)),
  },
}];

/** Setup keys of the transactions group (and transaction-derived tables). */
export const TRANSACTION_SETUP_TABLES: Record<string, TableLoader> = {
  transactions,
  cryptotransfers: cryptoTransfers,
  assessedcustomfees: assessedCustomFees,
  entityTransactions,
  transactionhashes: transactionHashes,
  transactionsignatures: transactionSignatures,
};
