import { MAX_CALL_DATA_BYTES } from '../contracts/call/call-limits.ts';
import { MIN_GAS } from '../contracts/call/call-params.ts';
import { MAX_STATE_OVERRIDES } from '../contracts/call/state-overrides.ts';
import type { OperationEntry, Schema } from './openapi-types.ts';
import { operation } from './operations.ts';
import { object, schemaRef } from './schema-builders.ts';

/** POST /api/v1/contracts/call: an eth_call or gas estimate run in the local EVM. */
const ADDRESS = '^(0x)?[A-Fa-f0-9]{40}$';
const HEX_QUANTITY = '^(0x)?[0-9a-fA-F]+$';
const HEX_WORD = '^(0x)?[0-9a-fA-F]{1,64}$';
const LONG: Schema = {
  oneOf: [{ type: 'integer', format: 'int64', minimum: 0 }, { type: 'string', pattern: '^\\d{1,19}$' }],
  description: 'A non-negative int64, as a JSON integer or a decimal string.',
};

export const CALL_SCHEMAS: Record<string, Schema> = {
  ContractCallRequest: {
    type: 'object',
    additionalProperties: true,
    description: 'Other fields are ignored, as the reference ignores them. Without `to` (absent, empty, or the zero address, as the reference has it) '
      + '`data` is init code and the call a contract creation, answering the code it deploys; with no init code it fails with `CONTRACT_BYTECODE_EMPTY`. '
      + 'A positive `value` needs a `from`, and sent without `to`, data that looks like init code.',
    properties: {
      block: {
        type: 'string', pattern: '^((?:0x)?[0-9a-fA-F]+|[Ee][Aa][Rr][Ll][Ii][Ee][Ss][Tt]|[Pp][Ee][Nn][Dd][Ii][Nn][Gg]|[Ll][Aa][Tt][Ee][Ss][Tt]|[Ss][Aa][Ff][Ee]|[Ff][Ii][Nn][Aa][Ll][Ii][Zz][Ee][Dd])$',
        default: 'latest', nullable: true,
        description: 'A tag (any case), a block number in decimal or hex, or a block hash: 96 hex digits, or the first 64 of them.',
      },
      data: { type: 'string', pattern: '^(0x)?([0-9a-fA-F]{2})*$', nullable: true, description: `Call data, at most ${MAX_CALL_DATA_BYTES} bytes.` },
      estimate: { type: 'boolean', default: false, nullable: true, description: 'Answer the gas estimate instead of the return value.' },
      from: { type: 'string', pattern: ADDRESS, nullable: true },
      gas: { oneOf: [{ type: 'integer', format: 'int64', minimum: Number(MIN_GAS) }, { type: 'string', pattern: '^\\d{1,19}$' }],
        description: `Gas limit: at least ${MIN_GAS}, at most the configured maximum (the default). A JSON integer or a decimal string.` },
      gasPrice: LONG,
      to: { type: 'string', pattern: '^((0x)?[A-Fa-f0-9]{40})?$', nullable: true, description: 'The contract to call; absent, empty or the zero address for a creation.' },
      value: LONG,
      state_overrides: {
        type: 'array', maxItems: MAX_STATE_OVERRIDES, nullable: true,
        description: 'The state the call runs over instead of the ledger\'s, per address: `balance` (tinybars) and `nonce` as hex quantities, '
          + '`code` as hex bytes, and either `state` (the only slots the address has) or `state_diff` (slots patched), lists of 32-byte hex `key` and `value`.',
        items: schemaRef('StateOverride'),
      },
    },
    example: { to: `0x${'0'.repeat(36)}0bb9`, data: '0x06fdde03', block: 'latest' },
  },
  StateOverride: {
    type: 'object', required: ['address'], additionalProperties: true,
    properties: {
      address: { type: 'string', pattern: ADDRESS },
      balance: { type: 'string', pattern: HEX_QUANTITY, nullable: true },
      nonce: { type: 'string', pattern: HEX_QUANTITY, nullable: true },
      code: { type: 'string', pattern: '^(0x)?([0-9a-fA-F]{2})*$', nullable: true },
      state: { type: 'array', items: schemaRef('StorageEntry'), nullable: true },
      state_diff: { type: 'array', items: schemaRef('StorageEntry'), nullable: true },
    },
  },
  StorageEntry: object({ key: { type: 'string', pattern: HEX_WORD }, value: { type: 'string', pattern: HEX_WORD } }),
  ContractCallResponse: object({ result: { type: 'string', pattern: '^0x[0-9a-f]*$', description: 'Return data, or the gas estimate as 8 bytes of hex.' } }),
};

const errorContent = { 'application/json': { schema: schemaRef('Error') } };
/** Fastify's default body limit, which the call route keeps (the mirror's other body, a fee estimate's, has its own 64 KiB). */
const BODY_LIMIT_BYTES = 1_048_576;

export const CALL_OPERATIONS: OperationEntry[] = [operation({
  path: '/api/v1/contracts/call', method: 'post', operationId: 'callContract', tag: 'contracts', summary: 'Simulate a contract call or estimate its gas',
  cacheSeconds: 'no-store', ok: schemaRef('ContractCallResponse'), notFound: true,
  description: 'Runs the call in a local EVM over the store\'s contract state; nothing is written. '
    + 'A revert is a 400 with `CONTRACT_REVERT_EXECUTED`, the reason in `detail` and the revert data in `data`; with `from` and `gasPrice` or `value` a payer short of funds gets `INSUFFICIENT_PAYER_BALANCE`; a `from` naming no account or contract (at a past `block`, none then) gets `PAYER_ACCOUNT_NOT_FOUND` first. '
    + 'A request refused before it runs answers as the reference\'s web3 module does: the status\'s reason phrase as `message` (`Bad Request`), '
    + 'what is wrong in `detail` (`gas field must be greater than or equal to 21000`). Query parameters are ignored.',
  parameters: [],
  requestBody: { description: 'The call.', required: true, content: { 'application/json': { schema: schemaRef('ContractCallRequest') } } },
  extraResponses: {
    '413': { description: `The body is larger than ${BODY_LIMIT_BYTES} bytes (1 MiB, the server's body limit); call data within it but over ${MAX_CALL_DATA_BYTES} bytes is a 400.`, content: errorContent },
    '415': { description: 'The body is not `application/json`.', content: errorContent },
    '429': { description: 'Gas per second rate limit exceeded.', content: errorContent },
    '501': { description: 'The call reached a Hedera system contract, which cannot run locally.', content: errorContent },
  },
})];
