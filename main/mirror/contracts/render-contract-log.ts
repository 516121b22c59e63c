import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import { contractAddress, hexOrEmpty, paddedHex } from './contract-hex.ts';
import type { BlockRow, ContractLogRow, StateChangeRow } from './contract-result-row.ts';

/** Topics present, each as a 32-byte word. */
function topicsOf(row: ContractLogRow): string[] {
  return [row.topic0, row.topic1, row.topic2, row.topic3].filter((t): t is Buffer => t !== null && t.length > 0).map((t) => paddedHex(t)!);
}

/** A log inside a contract result (the reference's ContractResultLogViewModel). */
export function renderResultLog(row: ContractLogRow): Record<string, unknown> {
  return {
    address: contractAddress(row.evm_address, row.contract_id),
    bloom: hexOrEmpty(row.bloom),
    contract_id: row.contract_id === null ? null : formatEntityId(row.contract_id),
    data: paddedHex(row.data) ?? '0x',
    index: int64(row.index),
    topics: topicsOf(row),
  };
}

/** A log in the logs lists (the reference's ContractLogViewModel): the above plus its transaction and block. */
export function renderLog(row: ContractLogRow, block: BlockRow | null): Record<string, unknown> {
  return {
    ...renderResultLog(row),
    block_hash: block ? `0x${block.hash}` : '0x',
    block_number: block ? int64(block.index) : null,
    root_contract_id: formatOptionalEntityId(row.root_contract_id),
    timestamp: formatTimestamp(row.consensus_timestamp),
    transaction_hash: hexOrEmpty(row.transaction_hash),
    transaction_index: int64(row.transaction_index),
  };
}

/** A storage change inside a contract result, slot and values as 32-byte words. */
export function renderStateChange(row: StateChangeRow): Record<string, unknown> {
  return {
    address: contractAddress(row.evm_address, row.contract_id),
    contract_id: formatEntityId(row.contract_id),
    slot: paddedHex(row.slot),
    value_read: paddedHex(row.value_read),
    value_written: paddedHex(row.value_written),
  };
}
