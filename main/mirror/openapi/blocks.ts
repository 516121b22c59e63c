import { BLOCK_CACHE_SECONDS } from '../blocks/blocks-route.ts';
import type { OperationEntry, Schema } from './openapi-types.ts';
import { limit, operation, order } from './operations.ts';
import { filterParam, NO_NE, pathParam, timestampFilter, VALUE } from './parameters.ts';
import { int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';

/** GET /api/v1/blocks and one block (render-block.ts). */
export const BLOCK_SCHEMAS: Record<string, Schema> = {
  Block: object({
    count: int64(), hapi_version: str(true), hash: { type: 'string', pattern: '^0x[0-9a-f]{96}$' }, name: str(), number: int64(),
    previous_hash: { type: 'string', pattern: '^0x[0-9a-f]*$' }, size: int64(true),
    timestamp: object({ from: timestamp(false), to: timestamp(false) }),
    gas_used: int64(true), logs_bloom: { type: 'string', nullable: true, pattern: '^0x[0-9a-fA-F]{512}$', description: 'The 256-byte bloom of the block\'s logs.' },
  }),
  BlocksResponse: page('blocks', 'Block'),
};

export const BLOCK_OPERATIONS: OperationEntry[] = [
  operation({
    path: '/api/v1/blocks', operationId: 'listBlocks', tag: 'blocks', summary: 'List blocks', cacheSeconds: BLOCK_CACHE_SECONDS.list, paged: true, ok: schemaRef('BlocksResponse'),
    description: 'The record files, newest first by default. On a synced profile the upstream\'s, relayed.',
    parameters: [
      filterParam({ name: 'block.number', description: 'The block number, decimal or 0x-hex.', value: `${VALUE.long}|0x[0-9a-fA-F]{1,16}`, operators: NO_NE, example: '100' }),
      limit, order('desc'), timestampFilter('The block\'s last consensus time (`timestamp.to`).'),
    ],
  }),
  operation({
    path: '/api/v1/blocks/{hashOrNumber}', operationId: 'getBlock', tag: 'blocks', summary: 'One block, by number or hash', cacheSeconds: BLOCK_CACHE_SECONDS.byHashOrNumber, notFound: true,
    ok: schemaRef('Block'),
    parameters: [pathParam('hashOrNumber', 'A block number, or its 48-byte hash or the first 32 bytes of it (an Ethereum block hash), hex with optional 0x.', `${VALUE.long}|${VALUE.hash32or48}`, '100')],
  }),
];
