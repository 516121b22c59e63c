import { ACCOUNT_OPERATIONS, ACCOUNT_SCHEMAS, BALANCE_OPERATIONS } from './accounts.ts';
import { BLOCK_OPERATIONS, BLOCK_SCHEMAS } from './blocks.ts';
import { SHARED_PARAMETERS, SHARED_RESPONSES, SHARED_SCHEMAS } from './components.ts';
import { CALL_OPERATIONS, CALL_SCHEMAS } from './contract-call.ts';
import { CONTRACT_OPERATIONS, CONTRACT_SCHEMAS } from './contracts.ts';
import { DOCS_OPERATIONS } from './docs-paths.ts';
import { NETWORK_OPERATIONS, NETWORK_SCHEMAS } from './network.ts';
import type { OpenApiDocument, OperationEntry, PathItem, Tag } from './openapi-types.ts';
import { TOKEN_OPERATIONS, TOKEN_SCHEMAS } from './tokens.ts';
import { TOPIC_OPERATIONS, TOPIC_SCHEMAS } from './topics.ts';
import { TRANSACTION_OPERATIONS, TRANSACTION_SCHEMAS } from './transactions.ts';

/** The order of the HTML page's sections. */
const TAGS: Tag[] = [
  { name: 'accounts', description: 'Accounts, their tokens, NFTs, allowances, staking rewards and hooks.' },
  { name: 'balances', description: 'Balances of many accounts, current or from a snapshot.' },
  { name: 'transactions', description: 'Transactions and their transfers.' },
  { name: 'tokens', description: 'Fungible and non-fungible tokens, holders and NFTs.' },
  { name: 'topics', description: 'Consensus service topics and messages.' },
  { name: 'schedules', description: 'Scheduled transactions.' },
  { name: 'contracts', description: 'Smart contracts, results, logs, actions, opcode traces, state and calls.' },
  { name: 'network', description: 'Exchange rates, gas prices, staking, nodes, supply and fee estimates.' },
  { name: 'blocks', description: 'Blocks (record files): number, hash, time range, transaction count, gas and logs bloom.' },
  { name: 'docs', description: 'This document and its HTML page.' },
];

export const ALL_OPERATIONS: readonly OperationEntry[] = [
  ...ACCOUNT_OPERATIONS, ...BALANCE_OPERATIONS, ...TRANSACTION_OPERATIONS, ...TOKEN_OPERATIONS, ...TOPIC_OPERATIONS,
  ...CONTRACT_OPERATIONS, ...CALL_OPERATIONS, ...NETWORK_OPERATIONS, ...BLOCK_OPERATIONS, ...DOCS_OPERATIONS,
];

const DESCRIPTION = [
  'The Hiero mirror node REST API as Mirrordesk serves it from the local SQLite store (interface A).',
  'Filters take an operator prefix (`eq:`, `ne:`, `lt:`, `lte:`, `gt:`, `gte:`; none means `eq`) where the parameter says so, and may be repeated (`timestamp=gt:1&timestamp=lt:2`) as far as it says (`x-repeat` and `maxItems`), up to the configured repeat limit.',
  'Parameter names are case-sensitive; an unknown parameter is a 400, except where the reference ignores it: on the routes it serves from its Java module (airdrops, NFT allowances, hooks and hook storage, one topic, network stake and registered nodes), which ignore undeclared keys, and on `POST /api/v1/contracts/call`, which ignores its query string. Lists page with `links.next` and a `Link` header.',
  'Every answer has a weak ETag (If-None-Match gives 304); successful GETs carry `cache-control: public, max-age=N` with the lifetime each operation states.',
  'Only loopback host names are served (403 otherwise); unknown paths are a 404 in the same error body.',
].join('\n\n');

/** Builds the whole document; `version` is the app's version from package.json. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: Record<string, PathItem> = {};
  for (const { path, method, operation } of ALL_OPERATIONS) {
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is documented twice`);
    item[method] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Mirrordesk mirror REST API', version, description: DESCRIPTION },
    servers: [{ url: '/', description: 'this mirror (http://127.0.0.1:47801 by default)' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ...SHARED_SCHEMAS, ...ACCOUNT_SCHEMAS, ...TRANSACTION_SCHEMAS, ...TOKEN_SCHEMAS, ...TOPIC_SCHEMAS, ...CONTRACT_SCHEMAS, ...CALL_SCHEMAS, ...NETWORK_SCHEMAS, ...BLOCK_SCHEMAS },
      parameters: SHARED_PARAMETERS,
      responses: SHARED_RESPONSES,
    },
  };
}
