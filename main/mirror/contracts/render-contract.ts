import { formatEntityId, formatOptionalEntityId } from '../format/entity-id.ts';
import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp, NANOS_PER_SECOND } from '../format/timestamp.ts';
import { contractAddress, hexOrEmpty } from './contract-hex.ts';
import type { ContractRow } from './contract-row.ts';

/** A contract as the list renders it (the reference's ContractViewModel), in its key order. */
export function renderContract(row: ContractRow): Record<string, unknown> {
  return {
    admin_key: renderKey(row.key),
    auto_renew_account: formatOptionalEntityId(row.auto_renew_account_id),
    auto_renew_period: int64(row.auto_renew_period),
    contract_id: formatEntityId(row.id),
    created_timestamp: formatTimestamp(row.created_timestamp),
    deleted: row.deleted === null ? null : row.deleted !== 0n,
    evm_address: contractAddress(row.evm_address, row.id),
    expiration_timestamp: formatTimestamp(expiryOf(row)),
    file_id: formatOptionalEntityId(row.file_id),
    max_automatic_token_associations: int64(row.max_automatic_token_associations),
    memo: row.memo,
    nonce: int64(row.ethereum_nonce),
    obtainer_id: formatOptionalEntityId(row.obtainer_id),
    permanent_removal: row.permanent_removal === null ? null : row.permanent_removal !== 0n,
    proxy_account_id: formatOptionalEntityId(row.proxy_account_id),
    timestamp: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
  };
}

/** The single contract: the list form plus its bytecode (from its file, else its initcode). */
export function renderContractWithBytecode(row: ContractRow, bytecode: string): Record<string, unknown> {
  return { ...renderContract(row), bytecode, runtime_bytecode: hexOrEmpty(row.runtime_bytecode) };
}

function expiryOf(row: ContractRow): bigint | null {
  if (row.expiration_timestamp !== null) return row.expiration_timestamp;
  if (row.created_timestamp !== null && row.auto_renew_period !== null) return row.created_timestamp + row.auto_renew_period * NANOS_PER_SECOND;
  return null;
}
