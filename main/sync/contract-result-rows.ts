import { anyLongZeroEntityId, longZeroAddress } from '../mirror/contracts/contract-hex.ts';
import type { ContractLogRow, ContractResultRow, EthereumTransactionRow } from '../mirror/contracts/contract-result-row.ts';
import { stringifyJson } from '../mirror/format/json-out.ts';
import { protoEncode } from '../mirror/format/protobuf-writer.ts';
import { transactionResultCode } from '../mirror/format/transaction-result.ts';
import { entityIdOf, hexBytesOf, int64Of, intOf, present, stringOf, timestampOf, UpstreamFormatError, wholeNumberOf } from './upstream-values.ts';

/** What a followed transaction tells about its results: who paid (the key of its Ethereum transaction) and its nonce (0: not a child). */
export interface ResultTransaction {
  payer: bigint | null;
  nonce: bigint;
}

/** A block as the answers name it: its number, hash and gas, and one timestamp known to fall in it. */
export interface BlockSeen {
  index: bigint;
  hash: string;
  gasUsed: bigint | null;
  at: bigint;
}

export type StoredContractResult = Omit<ContractResultRow, 'evm_address'>;
export type StoredContractLog = Omit<ContractLogRow, 'evm_address'> & { payer_account_id: bigint | null };

export interface ContractResultRows {
  result: StoredContractResult;
  /** For an ETHEREUMTRANSACTION: the columns the lists render (call data, value and gas limit come from the result there). */
  ethereum: EthereumTransactionRow | null;
  block: BlockSeen | null;
}

export interface ContractLogRows {
  log: StoredContractLog;
  block: BlockSeen | null;
}

type Json = Record<string, unknown>;
const WEIBARS_PER_TINYBAR = 10_000_000_000n;

/**
 * The unit of an answer's amounts and gas prices: `hbar=false` lists give the weibars stored (the
 * list's amount is then the result's tinybars times 10^10); by default they are tinybars, and a
 * gas price's weibars below a tinybar are lost.
 */
export type AmountUnit = 'weibar' | 'tinybar';

/**
 * Turns one result of `/api/v1/contracts/results` (the sync reads it with `hbar=false` and
 * `internal=true`) back into the rows the lists render (ContractResultsService with `list`, and
 * the per-contract list). The answer carries no payer or nonce: the followed transaction at the
 * same timestamp gives them. Null for a result name this project does not know (a newer network's):
 * stored, it would render as UNKNOWN, so it is left out, as such a transaction is.
 */
export function contractResultRowsOf(info: Json, transaction: ResultTransaction, unit: AmountUnit = 'weibar'): ContractResultRows | null {
  const timestamp = present(timestampOf(info.timestamp), 'a contract result timestamp');
  const contractId = entityIdOf(info.contract_id);
  const sender = senderOf(info.from);
  const result = stringOf(info.result);
  const resultCode = result === null ? null : transactionResultCode(result);
  if (result !== null && resultCode === null) return null;
  const ethereum = info.access_list === null || info.access_list === undefined ? null : ethereumRowOf(info, timestamp, transaction.payer, contractId, unit);
  return {
    result: {
      consensus_timestamp: timestamp,
      contract_id: contractId,
      amount: tinybarsOf(info.amount, unit),
      bloom: optionalHex(info.bloom),
      call_result: optionalHex(info.call_result),
      created_contract_ids: listOfIds(info.created_contract_ids),
      error_message: stringOf(info.error_message),
      failed_initcode: optionalHex(info.failed_initcode),
      function_parameters: optionalHex(info.function_parameters),
      function_result: sender.aliasResult,
      gas_consumed: intOf(info.gas_consumed),
      gas_limit: intOf(info.gas_limit),
      gas_used: intOf(info.gas_used),
      payer_account_id: transaction.payer,
      sender_id: sender.id,
      transaction_hash: optionalHex(info.hash),
      transaction_index: intOf(info.transaction_index),
      transaction_nonce: transaction.nonce,
      transaction_result: resultCode === null ? null : BigInt(resultCode),
    },
    ethereum,
    block: blockOf(info, timestamp),
  };
}

/** Turns one log of `/api/v1/contracts/results/logs` back into its `contract_log` row. */
export function contractLogRowOf(info: Json, payer: bigint | null): ContractLogRows {
  const timestamp = present(timestampOf(info.timestamp), 'a log timestamp');
  const topics = Array.isArray(info.topics) ? info.topics.map((topic) => hexBytesOf(topic)) : [];
  if (topics.length > 4) throw new UpstreamFormatError(`a log with ${topics.length} topics`);
  return {
    log: {
      consensus_timestamp: timestamp,
      index: present(intOf(info.index), 'a log index'),
      bloom: optionalHex(info.bloom),
      contract_id: entityIdOf(info.contract_id),
      data: optionalHex(info.data),
      payer_account_id: payer,
      root_contract_id: entityIdOf(info.root_contract_id),
      topic0: topics[0] ?? null,
      topic1: topics[1] ?? null,
      topic2: topics[2] ?? null,
      topic3: topics[3] ?? null,
      transaction_hash: optionalHex(info.transaction_hash),
      transaction_index: intOf(info.transaction_index),
    },
    block: blockOf(info, timestamp),
  };
}

/**
 * The tinybars the `amount` column keeps. In weibars a call carrying more than about 9.2 HBAR is
 * beyond 64 bits, so the range is checked after scaling. Weibars below a tinybar are dropped,
 * truncating as the reference does when it turns weibars into tinybars; its own lists never have
 * any (they render the stored tinybars times 10^10), so its answers round-trip exactly.
 */
function tinybarsOf(value: unknown, unit: AmountUnit): bigint | null {
  const amount = wholeNumberOf(value);
  if (amount === null) return null;
  return int64Of(unit === 'weibar' ? amount / WEIBARS_PER_TINYBAR : amount, value);
}

function ethereumRowOf(info: Json, timestamp: bigint, payer: bigint | null, contractId: bigint | null, unit: AmountUnit): EthereumTransactionRow {
  const weibars = (value: unknown): Buffer | null => {
    const bytes = quantityBytes(value);
    if (bytes === null || unit === 'weibar') return bytes;
    return quantityBytes(`0x${(BigInt(`0x${bytes.toString('hex')}`) * WEIBARS_PER_TINYBAR).toString(16)}`);
  };
  const to = optionalHex(info.to);
  const authorizations = info.authorization_list;
  return {
    consensus_timestamp: timestamp,
    access_list: hexBytesOf(info.access_list),
    authorization_list: Array.isArray(authorizations) && authorizations.length > 0 ? stringifyJson(authorizations) : null,
    call_data: null,
    call_data_id: null,
    chain_id: quantityBytes(info.chain_id),
    gas_limit: null,
    gas_price: weibars(info.gas_price),
    hash: optionalHex(info.hash),
    max_fee_per_gas: weibars(info.max_fee_per_gas),
    max_priority_fee_per_gas: weibars(info.max_priority_fee_per_gas),
    nonce: intOf(info.nonce),
    payer_account_id: payer,
    // A legacy transaction renders its signature's v when stored, else (like the others) its recovery id: either is `v`.
    recovery_id: intOf(info.v),
    signature_r: optionalHex(info.r),
    signature_s: optionalHex(info.s),
    signature_v: null,
    // Rendered in place of the contract's long-zero address only when it says something else.
    to_address: to !== null && `0x${to.toString('hex')}` !== longZeroAddress(contractId) ? to : null,
    type: intOf(info.type),
    value: null,
  };
}

/**
 * `from`: a long-zero address is the sender's id; any other address is the sender's alias, which
 * the reference reads from the serialized ContractFunctionResult (senderId.alias), so it is kept there.
 */
function senderOf(from: unknown): { id: bigint | null; aliasResult: Buffer | null } {
  const address = optionalHex(from);
  if (address === null) return { id: null, aliasResult: null };
  const id = anyLongZeroEntityId(address);
  if (id !== null && longZeroAddress(id) === `0x${address.toString('hex')}`) return { id, aliasResult: null };
  return { id: null, aliasResult: protoEncode([[13, [[4, address]]]]) };
}

function blockOf(info: Json, at: bigint): BlockSeen | null {
  const index = intOf(info.block_number);
  if (index === null) return null;
  const hash = stringOf(info.block_hash);
  if (hash === null || !/^0x[0-9a-f]+$/i.test(hash)) throw new UpstreamFormatError(`a block without its hash: ${JSON.stringify(info.block_hash)}`);
  return { index, hash: hash.slice(2).toLowerCase(), gasUsed: intOf(info.block_gas_used), at };
}

/** `0x` alone stands for no bytes, which the renderers write for null. */
function optionalHex(value: unknown): Buffer | null {
  const bytes = hexBytesOf(value);
  return bytes === null || bytes.length === 0 ? null : bytes;
}

/** A hex quantity (`0x1a`, odd digits allowed) to big-endian bytes; `0x` alone is none. */
function quantityBytes(value: unknown): Buffer | null {
  if (value === null || value === undefined || value === '0x') return null;
  const match = typeof value === 'string' ? /^0x([0-9a-fA-F]+)$/.exec(value) : null;
  if (!match) throw new UpstreamFormatError(`not a hex quantity: ${JSON.stringify(value)}`);
  const hex = match[1]!;
  return Buffer.from(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
}

/** Created contract ids as the column keeps them: encoded ids joined by commas. */
function listOfIds(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new UpstreamFormatError(`not a list of contract ids: ${JSON.stringify(value).slice(0, 80)}`);
  return value.length === 0 ? null : value.map((id) => String(present(entityIdOf(id), 'a created contract id'))).join(',');
}
