import { decodeEntityId, sqlInt } from '../format/entity-id.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import type { CallRequest } from './call/call-params.ts';
import { longZeroAddress } from './contract-hex.ts';
import type { ContractResultRow, EthereumTransactionRow } from './contract-result-row.ts';
import { FILE_CONTENT_SQL } from './contracts-sql.ts';

const CONTRACT_CREATE = 8n;
/** File ids up to this number are system files, never a contract's bytecode. */
const LAST_SYSTEM_FILE_NUM = 1000n;
const EVM_ADDRESS_BYTES = 20;

const TRANSACTION_TYPE_SQL = `SELECT type FROM "transaction" WHERE consensus_timestamp = ? LIMIT 1`;
const SENDER_SQL = `SELECT evm_address, alias FROM entity WHERE id = ?`;
const CREATION_CODE_SQL = `SELECT c.file_id, c.initcode, e.created_timestamp FROM contract c LEFT JOIN entity e ON e.id = c.id WHERE c.id = ?`;

/**
 * The call a recorded contract transaction made, as the opcode replay runs it: the fields of
 * its Ethereum transaction where there is one, else its contract result's.
 */
export function replayRequest(statements: StatementCache, result: ContractResultRow, eth: EthereumTransactionRow | null, maxGas: bigint): CallRequest {
  const create = isCreation(statements, result, eth);
  const gasLimit = eth?.gas_limit ?? result.gas_limit ?? maxGas;
  return {
    block: { kind: 'latest' },
    data: create && eth === null ? hapiCreationInput(statements, result) : callData(result, eth),
    estimate: false,
    from: senderAddress(statements, result.sender_id),
    gas: gasLimit > maxGas ? maxGas : gasLimit,
    gasPrice: null,
    to: create ? Buffer.alloc(0) : contractAddress(result),
    value: result.amount ?? 0n,
    stateOverrides: [],
  };
}

/**
 * An Ethereum transaction creates when it has no `to`. A HAPI ContractCreate is known by its
 * transaction type (the reference's test) or, where the transaction row is missing, by the
 * result naming its own contract among those it created.
 */
function isCreation(statements: StatementCache, result: ContractResultRow, eth: EthereumTransactionRow | null): boolean {
  if (eth !== null) return eth.to_address === null || eth.to_address.length === 0;
  const row = statements.get(TRANSACTION_TYPE_SQL).get(sqlInt(result.consensus_timestamp)) as { type: bigint | null } | undefined;
  if (row?.type !== undefined && row.type !== null) return row.type === CONTRACT_CREATE;
  const created = (result.created_contract_ids ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
  return result.contract_id !== null && created.includes(String(result.contract_id));
}

function callData(result: ContractResultRow, eth: EthereumTransactionRow | null): Buffer {
  return eth?.call_data && eth.call_data.length > 0 ? eth.call_data : result.function_parameters ?? Buffer.alloc(0);
}

/**
 * What the network ran for a HAPI create: the creation bytecode (the contract's file as it stood
 * at creation, else the transaction's inline initcode) followed by the constructor arguments,
 * which the result keeps apart in `function_parameters`.
 */
function hapiCreationInput(statements: StatementCache, result: ContractResultRow): Buffer {
  const args = result.function_parameters ?? Buffer.alloc(0);
  if (result.contract_id === null) return args;
  const row = statements.get(CREATION_CODE_SQL).get(sqlInt(result.contract_id)) as
    { file_id: bigint | null; initcode: Buffer | null; created_timestamp: bigint | null } | undefined;
  if (!row) return args;
  if (row.file_id !== null && decodeEntityId(row.file_id).num > LAST_SYSTEM_FILE_NUM) {
    const fileId = sqlInt(row.file_id);
    const created = sqlInt(row.created_timestamp ?? result.consensus_timestamp);
    const parts = statements.get(FILE_CONTENT_SQL).all(fileId, created, fileId, created) as Array<{ file_data: Buffer | null }>;
    // A contract's file holds its bytecode as hex text.
    const text = Buffer.concat(parts.map((p) => p.file_data ?? Buffer.alloc(0))).toString('utf8').trim().replace(/^0x/, '');
    return Buffer.concat([Buffer.from(text, 'hex'), args]);
  }
  return Buffer.concat([row.initcode ?? Buffer.alloc(0), args]);
}

/**
 * The sender as the EVM saw it (the reference's evmAddressFromId): its EVM address, else an
 * ECDSA alias (which is one), else its long-zero address. An Ethereum transaction's signer is
 * the sender entity, so this is also that transaction's `from`.
 */
function senderAddress(statements: StatementCache, senderId: bigint | null): Buffer | null {
  if (senderId === null) return null;
  const row = statements.get(SENDER_SQL).get(sqlInt(senderId)) as { evm_address: Buffer | null; alias: Buffer | null } | undefined;
  if (row?.evm_address && row.evm_address.length === EVM_ADDRESS_BYTES) return row.evm_address;
  if (row?.alias && row.alias.length === EVM_ADDRESS_BYTES) return row.alias;
  return Buffer.from(longZeroAddress(senderId)!.slice(2), 'hex');
}

function contractAddress(result: ContractResultRow): Buffer {
  if (result.evm_address?.length) return result.evm_address;
  return Buffer.from(longZeroAddress(result.contract_id ?? 0n)!.slice(2), 'hex');
}
