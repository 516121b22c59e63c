import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { SUCCESS_RESULTS, transactionResultName } from '../format/transaction-result.ts';
import { contractAddress, hexOrEmpty, hexQuantity, longZeroAddress, paddedHex } from './contract-hex.ts';
import { protobufField } from './protobuf-fields.ts';
import type { BlockRow, ContractResultRow, EthereumTransactionRow } from './contract-result-row.ts';

const EMPTY_BLOOM = `0x${'00'.repeat(256)}`;
const WEIBARS_PER_TINYBAR = 10_000_000_000n;

/** A contract result as the per-contract list renders it (the reference's ContractResultViewModel). */
export function renderContractResult(row: ContractResultRow): Record<string, unknown> {
  return {
    address: contractAddress(row.evm_address, row.contract_id || null),
    amount: int64(row.amount),
    bloom: row.bloom !== null && row.bloom.length === 0 ? EMPTY_BLOOM : hexOrEmpty(row.bloom),
    call_result: hexOrEmpty(row.call_result),
    contract_id: formatOptionalEntityId(row.contract_id),
    created_contract_ids: (row.created_contract_ids ?? '').split(',').filter((id) => id !== '').map((id) => formatEntityId(BigInt(id))),
    error_message: row.error_message ? row.error_message : null,
    from: longZeroAddress(row.sender_id) ?? senderAliasOf(row.function_result),
    function_parameters: hexOrEmpty(row.function_parameters),
    gas_consumed: int64(row.gas_consumed),
    gas_limit: int64(row.gas_limit),
    gas_used: int64(row.gas_used),
    hash: hexOrEmpty(row.transaction_hash),
    timestamp: formatTimestamp(row.consensus_timestamp),
    to: longZeroAddress(row.contract_id || null),
  };
}

export interface DetailOptions {
  /** Amounts and gas prices in tinybars (the default) or as the weibars stored. */
  hbar: boolean;
  includeAuthorizationList: boolean;
  /** Contents of the file holding the call data, when the Ethereum transaction names one. */
  callDataFile?: Buffer | null;
  /**
   * The lists read fewer Ethereum transaction columns than a single result (as the reference
   * does): amount, gas limit and call data then come from the contract result itself.
   */
  list?: boolean;
}

/**
 * A contract result with its block and Ethereum transaction (the reference's
 * ContractResultDetailsViewModel); logs and state changes are added by the caller.
 */
export function renderContractResultDetails(
  row: ContractResultRow,
  block: BlockRow | null,
  eth: EthereumTransactionRow | null,
  options: DetailOptions,
): Record<string, unknown> {
  const out = renderContractResult(row);
  const result = row.transaction_result === null ? null : Number(row.transaction_result);
  const success = result !== null && SUCCESS_RESULTS.includes(result);
  Object.assign(out, {
    access_list: null,
    block_gas_used: block && block.gas_used !== null && block.gas_used !== -1n ? int64(block.gas_used) : null,
    block_hash: block ? `0x${block.hash}` : '0x',
    block_number: block ? int64(block.index) : null,
    chain_id: null,
    failed_initcode: null,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    r: null,
    result: result === null ? null : transactionResultName(result),
    s: null,
    status: success ? '0x1' : '0x0',
    transaction_index: int64(row.transaction_index),
    type: null,
    v: null,
  });
  if (row.failed_initcode && row.failed_initcode.length > 0) out.failed_initcode = hexOrEmpty(row.failed_initcode);
  else if (!success && !options.list && eth?.call_data && eth.call_data.length > 0) out.failed_initcode = hexOrEmpty(eth.call_data);
  if (eth) applyEthereumTransaction(out, row, eth, success, options);
  if ((!eth || options.list || !hasValue(eth.value)) && !options.hbar && row.amount !== null) out.amount = row.amount * WEIBARS_PER_TINYBAR;
  return out;
}

function applyEthereumTransaction(
  out: Record<string, unknown>,
  row: ContractResultRow,
  eth: EthereumTransactionRow,
  success: boolean,
  options: DetailOptions,
): void {
  out.access_list = hexOrEmpty(eth.access_list);
  if (options.includeAuthorizationList) out.authorization_list = renderAuthorizationList(eth.authorization_list);
  out.chain_id = hexQuantity(eth.chain_id);
  if (!success && !row.error_message) out.error_message = out.result;
  if (row.sender_id !== null) out.from = longZeroAddress(row.sender_id);
  if (eth.gas_limit !== null && !options.list) out.gas_limit = int64(eth.gas_limit);
  if (options.hbar) {
    if (!options.list && hasValue(eth.value)) out.amount = int64(weibarsToTinybars(eth.value, true));
    out.gas_price = tinybarQuantity(eth.gas_price);
    out.max_fee_per_gas = tinybarQuantity(eth.max_fee_per_gas);
    out.max_priority_fee_per_gas = tinybarQuantity(eth.max_priority_fee_per_gas);
  } else {
    if (!options.list && hasValue(eth.value)) out.amount = int64(BigInt(`0x${eth.value!.toString('hex')}`));
    out.gas_price = hexQuantity(eth.gas_price);
    out.max_fee_per_gas = hexQuantity(eth.max_fee_per_gas);
    out.max_priority_fee_per_gas = hexQuantity(eth.max_priority_fee_per_gas);
  }
  out.nonce = int64(eth.nonce);
  out.r = hexOrEmpty(eth.signature_r);
  out.s = hexOrEmpty(eth.signature_s);
  if (eth.to_address && eth.to_address.length > 0) out.to = hexOrEmpty(eth.to_address);
  out.type = int64(eth.type);
  out.v = eth.type === 0n && eth.signature_v && eth.signature_v.length > 0
    ? int64(BigInt(`0x${eth.signature_v.toString('hex')}`))
    : int64(eth.recovery_id);
  if (options.list) return;
  if (eth.call_data && eth.call_data.length > 0) out.function_parameters = hexOrEmpty(eth.call_data);
  else if ((row.function_parameters?.length ?? 0) === 0 && options.callDataFile) out.function_parameters = hexOrEmpty(options.callDataFile);
}

/** Weibars (big-endian bytes, two's complement when `signed`) to tinybars, truncating. */
export function weibarsToTinybars(bytes: Buffer | null, signed: boolean): bigint | null {
  if (!bytes || bytes.length === 0) return null;
  let value = BigInt(`0x${bytes.toString('hex')}`);
  if (signed && (bytes[0]! & 0x80) !== 0) value -= 1n << BigInt(bytes.length * 8);
  return value / WEIBARS_PER_TINYBAR;
}

function tinybarQuantity(bytes: Buffer | null): string {
  const tinybars = weibarsToTinybars(bytes, false);
  return tinybars === null ? '0x' : `0x${tinybars.toString(16)}`;
}

/** The EIP-7702 authorization list as stored (JSON), chain ids as hex quantities. */
function renderAuthorizationList(json: string | null): unknown[] {
  if (!json) return [];
  const list = JSON.parse(json) as Array<Record<string, unknown>>;
  return list.map((entry) => ({
    ...entry,
    chain_id: typeof entry.chain_id === 'string' ? hexQuantity(hexBytes(entry.chain_id)) : entry.chain_id,
    address: typeof entry.address === 'string' ? paddedHex(hexBytes(entry.address), 20) : entry.address,
  }));
}

function hexBytes(text: string): Buffer {
  const hex = text.replace(/^0x/i, '');
  return Buffer.from(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
}

/**
 * Without a sender id the reference reads the sender's alias out of the serialized
 * ContractFunctionResult (field 13, senderId; AccountID field 4, alias).
 */
function senderAliasOf(functionResult: Buffer | null): string | null {
  if (!functionResult || functionResult.length === 0) return null;
  const sender = protobufField(functionResult, 13);
  const alias = sender ? protobufField(sender, 4) : null;
  return alias && alias.length > 0 ? hexOrEmpty(alias) : null;
}

/** An Ethereum value worth converting: present and not zero (else the result's own amount stands). */
function hasValue(bytes: Buffer | null): boolean {
  return bytes !== null && bytes.some((b) => b !== 0);
}
