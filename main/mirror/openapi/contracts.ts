import type { OperationEntry, Parameter, Ref, Schema } from './openapi-types.ts';
import { limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, EQ_ONLY, filterParam, NO_NE, pathParam, timestampFilter, VALUE } from './parameters.ts';
import { arrayOf, bool, entityId, evmAddress, hex, int32, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';
import { TRANSACTION_ID } from './transactions.ts';

/** GET /api/v1/contracts and its results, logs, actions, opcodes and state. */
const TAG = 'contracts';
const CONTRACTS = '/api/v1/contracts';
const RESULTS = `${CONTRACTS}/results`;
const CACHE = { list: 10, byId: 1, result: 600 } as const;
/** A stack, memory or storage word of an opcode trace: 64 hex digits without 0x, as the reference's opcode logger writes them. */
const EVM_WORD: Schema = { type: 'string', pattern: '^[0-9a-f]{64}$' };

const contractPath = pathParam('contractId', 'The contract: an entity id or an EVM address (optionally prefixed with `shard.realm.`).', `${VALUE.entityId}|${VALUE.evmAddressWithPrefix}`, '0.0.3001');
const txPath = pathParam('transactionIdOrHash', 'A transaction id `shard.realm.num-seconds-nanos` or a 32-byte Ethereum transaction hash (hex, optional 0x).', `${TRANSACTION_ID}|(?:0x)?[0-9A-Fa-f]{64}`, '0.0.1001-1700000000-000000000');
const flag = (name: string, description: string, example: string): Parameter =>
  filterParam({ name, description: `${description} Case-insensitive \`true\` or \`false\`.`, value: '[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]', operators: EQ_ONLY, example });
const hbar = flag('hbar', 'Amounts in tinybars (true, default) or in weibars (false).', 'false');
const topic = (i: number): Parameter => filterParam({ name: `topic${i}`, description: `Event topic ${i}: 1 to 64 hex digits, optional 0x. Needs a \`timestamp\` equality or a range of at most 7 days.`, value: '(?:0x)?[0-9A-Fa-f]{1,64}', operators: EQ_ONLY, example: '0x01', requires: ['timestamp'] });

export const CONTRACT_SCHEMAS: Record<string, Schema> = {
  Contract: object({
    admin_key: schemaRef('Key') as Schema, auto_renew_account: entityId(), auto_renew_period: int64(true), contract_id: entityId(false),
    created_timestamp: timestamp(), deleted: bool(true), evm_address: evmAddress(false), expiration_timestamp: timestamp(), file_id: entityId(),
    max_automatic_token_associations: int64(true), memo: str(true), nonce: int64(true), obtainer_id: entityId(), permanent_removal: bool(true),
    proxy_account_id: entityId(), timestamp: schemaRef('TimestampRange') as Schema,
  }),
  ContractDetail: { allOf: [schemaRef('Contract'), object({ bytecode: hex(true), runtime_bytecode: hex(true) })] },
  ContractsResponse: page('contracts', 'Contract'),
  ContractResult: object({
    address: evmAddress(), amount: int64(true), bloom: hex(), call_result: hex(), contract_id: entityId(), created_contract_ids: arrayOf(entityId(false)),
    error_message: str(true), from: evmAddress(), function_parameters: hex(), gas_consumed: int64(true), gas_limit: int64(), gas_used: int64(true),
    hash: hex(), timestamp: timestamp(false), to: evmAddress(),
  }),
  ContractResultBlockAndEthereum: {
    ...object({
      access_list: hex(true), block_gas_used: int64(true), block_hash: hex(), block_number: int64(true), chain_id: hex(true), failed_initcode: hex(true),
      gas_price: hex(true), max_fee_per_gas: hex(true), max_priority_fee_per_gas: hex(true), nonce: int64(true), r: hex(true), result: str(true), s: hex(true),
      status: { type: 'string', enum: ['0x0', '0x1'] }, transaction_index: int64(true), type: int64(true), v: int64(true),
    }),
    description: 'The block and the Ethereum transaction fields (null for HAPI calls) of the all-contracts list and of one result.',
  },
  ContractResultWithBlock: { allOf: [schemaRef('ContractResult'), schemaRef('ContractResultBlockAndEthereum')] },
  ContractResultDetail: {
    allOf: [schemaRef('ContractResult'), schemaRef('ContractResultBlockAndEthereum'), object({ logs: arrayOf(schemaRef('ContractLog')), state_changes: arrayOf(schemaRef('ContractStateChange')) })],
    description: 'One contract result with its block, Ethereum transaction fields, logs and state changes.',
  },
  AllContractResultsResponse: page('results', 'ContractResultWithBlock'),
  ContractStateChange: object({ address: evmAddress(false), contract_id: entityId(false), slot: hex(), value_read: hex(), value_written: hex(true) }),
  ContractResultsResponse: page('results', 'ContractResult'),
  ContractLog: object({
    address: evmAddress(false), bloom: hex(), contract_id: entityId(), data: hex(), index: int64(), topics: arrayOf(hex()),
    block_hash: hex(), block_number: int64(true), root_contract_id: entityId(), timestamp: timestamp(false), transaction_hash: hex(), transaction_index: int64(true),
  }, ['block_hash', 'block_number', 'root_contract_id', 'timestamp', 'transaction_hash', 'transaction_index']),
  ContractLogsResponse: page('logs', 'ContractLog'),
  ContractAction: {
    ...object({
      call_depth: int32(), call_operation_type: { type: 'string', enum: ['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'DELEGATECALL', 'STATICCALL', 'UNKNOWN'] },
      call_type: { type: 'string', enum: ['NO_ACTION', 'CALL', 'CREATE', 'PRECOMPILE', 'SYSTEM'] }, caller: entityId(), caller_type: { type: 'string', enum: ['ACCOUNT', 'CONTRACT'] },
      from: evmAddress(false), gas: int64(), gas_used: int64(), index: int32(), input: hex(true), recipient: entityId(),
      recipient_type: { type: 'string', enum: ['ACCOUNT', 'CONTRACT'], nullable: true }, result_data: hex(true),
      result_data_type: { type: 'string', enum: ['OUTPUT', 'REVERT_REASON', 'ERROR'] }, timestamp: timestamp(false), to: evmAddress(), value: int64(),
    }),
    description: 'One call frame of a contract transaction: caller, recipient, call type, gas, input and result.',
  },
  ContractActionsResponse: page('actions', 'ContractAction'),
  ContractStateEntry: object({ address: evmAddress(false), contract_id: entityId(false), timestamp: timestamp(false), slot: hex(), value: hex() }),
  ContractStateResponse: page('state', 'ContractStateEntry'),
  OpcodesResponse: object({
    address: evmAddress(false), contract_id: entityId(), failed: bool(), gas: int64(), return_value: hex(), opcodes: arrayOf(schemaRef('Opcode')),
  }),
  Opcode: {
    ...object({
      depth: int32(), gas: int64(), gas_cost: int64(),
      memory: { ...arrayOf(EVM_WORD), nullable: true, description: 'The memory in 32-byte words; null unless `memory=true`.' },
      op: str(), pc: int32(), reason: { ...hex(true), description: 'The revert data, on the last opcode of a reverted transaction; null otherwise.' },
      stack: { ...arrayOf(EVM_WORD), nullable: true, description: 'null with `stack=false`.' },
      storage: { type: 'object', additionalProperties: EVM_WORD, nullable: true, description: 'The slots the current contract read or wrote so far, key to value; null unless `storage=true`.' },
    }),
    description: 'One executed instruction.',
  },
};

const resultsFilters = (): Array<Parameter | Ref> => [
  filterParam({ name: 'from', description: 'The sender: entity id or EVM address.', value: `${VALUE.entityId}|${VALUE.evmAddress}`, operators: ALL_OPERATORS, example: '0.0.1001' }),
  filterParam({ name: 'block.hash', description: '32 or 48-byte block hash, optional 0x. Not with `block.number`.', value: VALUE.hash32or48, operators: EQ_ONLY, example: `0x${'ab'.repeat(32)}` }),
  filterParam({ name: 'block.number', description: 'A block number, decimal or 0x-hex.', value: `${VALUE.long}|0x[0-9a-fA-F]{1,16}`, operators: EQ_ONLY, example: '1' }),
  hbar, flag('internal', 'Include child (internal) transactions.', 'true'), limit, order('desc'), timestampFilter('The consensus time.'),
  filterParam({ name: 'transaction.index', description: 'Position in the block (0 allowed); needs `block.number` or `block.hash`.', value: VALUE.long, operators: EQ_ONLY, example: '0', requires: ['block.number'] }),
];
const logsFilters = (): Array<Parameter | Ref> => [
  filterParam({ name: 'index', description: 'Log index within the transaction; only with a `timestamp` equality.', value: VALUE.long, operators: NO_NE, example: '0', requires: ['timestamp'], repeat: 'range' }),
  limit, order('desc'), timestampFilter('The consensus time.', NO_NE, { repeat: 'range' }), topic(0), topic(1), topic(2), topic(3),
];

export const CONTRACT_OPERATIONS: OperationEntry[] = [
  operation({
    path: CONTRACTS, operationId: 'listContracts', tag: TAG, summary: 'List contracts', cacheSeconds: CACHE.list, paged: true, ok: schemaRef('ContractsResponse'),
    parameters: [filterParam({ name: 'contract.id', description: 'An entity id (any operator) or an EVM address (equality only).', value: `${VALUE.entityId}|${VALUE.evmAddressWithPrefix}`, operators: ALL_OPERATORS, example: '0.0.3001' }), limit, order('desc')],
  }),
  operation({
    path: `${CONTRACTS}/{contractId}`, operationId: 'getContract', tag: TAG, summary: 'One contract with its bytecode', cacheSeconds: CACHE.byId, notFound: true, ok: schemaRef('ContractDetail'),
    description: 'With `timestamp` the contract as it stood then. Contracts the store lacks are fetched from the upstream mirror of a synced profile.',
    parameters: [contractPath, timestampFilter('The contract version at or within this time.')],
  }),
  operation({ path: RESULTS, operationId: 'listContractResults', tag: TAG, summary: 'Results of all contracts', cacheSeconds: CACHE.list, paged: true, ok: schemaRef('AllContractResultsResponse'), parameters: resultsFilters() }),
  operation({ path: `${RESULTS}/logs`, operationId: 'listContractLogs', tag: TAG, summary: 'Logs of all contracts', cacheSeconds: CACHE.list, paged: true, ok: schemaRef('ContractLogsResponse'),
    parameters: [...logsFilters(), filterParam({ name: 'transaction.hash', description: '32 or 48-byte transaction hash, optional 0x; given at most once.', value: VALUE.hash32or48, operators: EQ_ONLY, example: `0x${'ab'.repeat(32)}`, repeat: 'once' })] }),
  operation({ path: `${RESULTS}/{transactionIdOrHash}`, operationId: 'getContractResultByTransaction', tag: TAG, summary: 'One contract result by transaction', cacheSeconds: CACHE.result, notFound: true,
    ok: schemaRef('ContractResultDetail'), parameters: [txPath, hbar, filterParam({ name: 'nonce', description: 'The child nonce, 0 to 2147483647.', value: String.raw`\d{1,10}`, operators: EQ_ONLY, example: '0' })] }),
  operation({ path: `${RESULTS}/{transactionIdOrHash}/actions`, operationId: 'listContractActions', tag: TAG, summary: 'Call frames of a contract transaction', cacheSeconds: CACHE.result, paged: true, notFound: true,
    ok: schemaRef('ContractActionsResponse'), parameters: [txPath, filterParam({ name: 'index', description: 'Action index (0 allowed).', value: VALUE.long, operators: NO_NE, example: '0' }), limit, order('asc')] }),
  operation({ path: `${RESULTS}/{transactionIdOrHash}/opcodes`, operationId: 'getContractOpcodes', tag: TAG, summary: 'Opcode trace of a contract transaction', cacheSeconds: CACHE.result, notFound: true,
    ok: schemaRef('OpcodesResponse'), description: 'Replays the transaction in a local EVM over the storage as it stood just before it.',
    parameters: [txPath, flag('stack', 'Include the stack (default true).', 'false'), flag('memory', 'Include memory (default false).', 'true'), flag('storage', 'Include storage (default false).', 'true')],
    extraResponses: { '501': { description: 'The replay reached a Hedera system contract, which cannot run locally.', content: { 'application/json': { schema: schemaRef('Error') } } } } }),
  operation({ path: `${CONTRACTS}/{contractId}/results`, operationId: 'listResultsOfContract', tag: TAG, summary: 'Results of one contract', cacheSeconds: CACHE.byId, paged: true, notFound: true,
    ok: schemaRef('ContractResultsResponse'), parameters: [contractPath, ...resultsFilters()] }),
  operation({ path: `${CONTRACTS}/{contractId}/results/logs`, operationId: 'listLogsOfContract', tag: TAG, summary: 'Logs of one contract', cacheSeconds: CACHE.byId, paged: true, notFound: true,
    ok: schemaRef('ContractLogsResponse'), parameters: [contractPath, ...logsFilters()] }),
  operation({ path: `${CONTRACTS}/{contractId}/results/{timestamp}`, operationId: 'getContractResultByTimestamp', tag: TAG, summary: 'One result of a contract by consensus timestamp',
    cacheSeconds: CACHE.result, notFound: true, ok: schemaRef('ContractResultDetail'),
    parameters: [contractPath, pathParam('timestamp', 'The consensus timestamp, `seconds[.nanoseconds]`.', VALUE.timestamp, '1700000000.000000001'), hbar] }),
  operation({ path: `${CONTRACTS}/{contractId}/state`, operationId: 'listContractState', tag: TAG, summary: 'Storage slots of a contract', cacheSeconds: CACHE.byId, paged: true, notFound: true,
    ok: schemaRef('ContractStateResponse'), description: 'With `timestamp` the storage as it stood then (`eq` means at or before).',
    parameters: [contractPath, limit, order('asc'),
      filterParam({ name: 'slot', description: 'A slot: 1 to 64 hex digits, optional 0x.', value: '(?:0x)?[0-9A-Fa-f]{1,64}', operators: NO_NE, example: '0x0' }),
      timestampFilter('Storage as of this time.', NO_NE)] }),
];

