import { decodeEntityId } from '../mirror/format/entity-id.ts';
import { publicKeyOf } from '../mirror/format/key.ts';
import { longZeroAddress } from '../mirror/contracts/contract-hex.ts';
import { boolOf, entityIdOf, hexBytesOf, intOf, keyBytesOf, stringOf, timestampOf, UpstreamFormatError } from './upstream-values.ts';

/** The `entity` and `contract` rows of one contract, from `/api/v1/contracts/{id}`. */
export interface ContractRows {
  id: bigint;
  shard: bigint;
  realm: bigint;
  num: bigint;
  key: Buffer | null;
  public_key: string | null;
  auto_renew_account_id: bigint | null;
  auto_renew_period: bigint | null;
  created_timestamp: bigint | null;
  deleted: bigint | null;
  evm_address: Buffer | null;
  expiration_timestamp: bigint | null;
  max_automatic_token_associations: bigint | null;
  memo: string | null;
  ethereum_nonce: bigint | null;
  obtainer_id: bigint | null;
  permanent_removal: bigint | null;
  proxy_account_id: bigint | null;
  timestamp_range_lower: bigint;
  file_id: bigint | null;
  initcode: Buffer | null;
  runtime_bytecode: Buffer | null;
}

/** Turns a contract (with its bytecode) back into the rows `renderContractWithBytecode` renders. */
export function contractRowsOf(info: Record<string, unknown>): ContractRows {
  const id = entityIdOf(info.contract_id);
  if (id === null) throw new UpstreamFormatError('contract without a contract_id');
  const { shard, realm, num } = decodeEntityId(id);
  const key = keyBytesOf(info.admin_key);
  const timestamp = (info.timestamp ?? {}) as { from?: unknown };
  const evm = hexBytesOf(info.evm_address);
  const longZero = Buffer.from(longZeroAddress(id)!.slice(2), 'hex');
  const bytecode = hexBytesOf(info.bytecode);
  const runtime = hexBytesOf(info.runtime_bytecode);
  return {
    id, shard: BigInt(shard), realm: BigInt(realm), num,
    key,
    public_key: publicKeyOf(key),
    auto_renew_account_id: entityIdOf(info.auto_renew_account),
    auto_renew_period: intOf(info.auto_renew_period),
    created_timestamp: timestampOf(info.created_timestamp),
    deleted: boolOf(info.deleted),
    evm_address: evm && evm.length > 0 && !evm.equals(longZero) ? evm : null,
    expiration_timestamp: timestampOf(info.expiration_timestamp),
    max_automatic_token_associations: intOf(info.max_automatic_token_associations),
    memo: stringOf(info.memo),
    ethereum_nonce: intOf(info.nonce),
    obtainer_id: entityIdOf(info.obtainer_id),
    permanent_removal: boolOf(info.permanent_removal),
    proxy_account_id: entityIdOf(info.proxy_account_id),
    timestamp_range_lower: timestampOf(timestamp.from) ?? timestampOf(info.created_timestamp) ?? 0n,
    file_id: entityIdOf(info.file_id),
    initcode: bytecode && bytecode.length > 0 ? bytecode : null,
    runtime_bytecode: runtime && runtime.length > 0 ? runtime : null,
  };
}
