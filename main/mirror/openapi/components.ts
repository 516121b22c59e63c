import type { Parameter, Response, Schema } from './openapi-types.ts';
import { arrayOf, object, schemaRef, str } from './schema-builders.ts';

/** Schemas every area uses: the key wrapper, paging links and the error body. */
export const SHARED_SCHEMAS: Record<string, Schema> = {
  Key: {
    ...object({
      _type: { type: 'string', enum: ['ECDSA_SECP256K1', 'ED25519', 'ProtobufEncoded'] },
      key: { type: 'string', pattern: '^[0-9a-f]*$', description: 'hex, without 0x' },
    }),
    description: 'Every key in an answer uses this wrapper, never a bare hex string; a missing key is null.',
    nullable: true,
  },
  Links: {
    ...object({ next: { type: 'string', nullable: true, description: 'path and query of the next page, null on the last page', example: '/api/v1/accounts?limit=25&account.id=gt:0.0.1025' } }),
  },
  TimestampRange: {
    ...object({ from: { type: 'string', nullable: true, example: '1700000000.000000001' }, to: { type: 'string', nullable: true } }),
    description: 'When this version of the entity was current; `to` is null for the current version.',
  },
  ErrorMessage: object({
    message: str(),
    detail: { type: 'string', nullable: true },
    data: { type: 'string', nullable: true, pattern: '^0x[0-9a-fA-F]*$', description: 'revert data of a failed contract call' },
  }, ['detail', 'data']),
  Error: {
    ...object({ _status: object({ messages: arrayOf(schemaRef('ErrorMessage')) }) }),
    description: 'The body of every error answer. Errors carry no cache-control header.',
    example: { _status: { messages: [{ message: 'Invalid parameter: limit' }] } },
  },
};

const errorResponse = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: schemaRef('Error') } },
});

/** Answers shared by the operations. */
export const SHARED_RESPONSES: Record<string, Response> = {
  BadRequest: errorResponse('A parameter failed validation: one `Invalid parameter: NAME` per bad value and one `Unknown query parameter: NAME` per unknown key; the unknown keys come last, except on the accounts and balances lists, which keep the query\'s order (as the reference does). The routes the reference serves from its Java module (airdrops, NFT allowances, hooks, one topic, network stake and registered nodes) ignore undeclared keys and word errors as it does: `message` the reason phrase (`Bad Request`), `detail` what is wrong, `data` null; a broken constraint (`limit must be less than or equal to 100`) is a bare `message`. Registered nodes bind their parameters into a request object, whose errors the module words otherwise: a value that cannot be read or breaks a constraint is a bare `Invalid parameter: NAME`.'),
  Forbidden: errorResponse('The request addressed a host name that is not a loopback name (DNS rebinding protection).'),
  NotFound: errorResponse('No such entity (`Not found`).'),
  NotModified: { description: 'The client already holds this answer (`If-None-Match` matched the weak ETag).' },
  BadGateway: errorResponse('On a synced profile: the upstream mirror node answered what the local store lacks in a form that cannot be read or stored (another entity than the one asked for, a value out of range, not JSON), or refused the request; the message says how.'),
  ServiceUnavailable: errorResponse('The local store could not be read (SQLite busy or failing). On a synced profile also when what the store lacks cannot be had now: the upstream mirror node cannot be reached, or did not answer in time (lookups wait their turn in the profile\'s request rate), or the store is being compacted; on the demo profile while its ledger is being generated (with `Retry-After`) or when its generation failed; the message says which.'),
};

/**
 * What a paging parameter (`limit`, `order`) takes before its value, said in its description:
 * the reference's Node.js module reads the value whatever the operator, its older routes and
 * its Java module do not. The parameters tests read these sentences and try each.
 */
export const PREFIX_NOTE = {
  any: 'Any operator prefix is accepted and ignored (`gt:5` reads as `5`), as the reference\'s Node.js module reads it; next links keep it as given.',
  eq: 'Only `eq:` or no prefix.',
  none: 'No operator prefix.',
} as const;
export type PrefixRule = keyof typeof PREFIX_NOTE;

/** The page size of the Java module's routes, from its `@Positive @Max(100) int limit` with default 25. */
export const JAVA_LIMIT_SCHEMA: Schema = { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 25 };

/** The page sizes the list endpoints share: the Node.js module's (capped) and the Java module's (refused past 100). */
export const SHARED_PARAMETERS: Record<string, Parameter> = {
  limit: {
    name: 'limit',
    in: 'query',
    description: `Page size: 1 to 19 digits, positive; larger values are capped at the configured maximum (default 25, maximum 100). ${PREFIX_NOTE.any} The last value given wins.`,
    required: false,
    schema: { type: 'integer', format: 'int64', minimum: 1, default: 25 },
    example: 25,
  },
  javaLimit: {
    name: 'limit',
    in: 'query',
    description: `Page size, 1 to 100 (25 without one), as the reference's Java module takes it: a value out of range is a 400 (\`limit must be less than or equal to 100\`), not capped. ${PREFIX_NOTE.none}`,
    required: false,
    schema: JAVA_LIMIT_SCHEMA,
    example: 25,
  },
};
