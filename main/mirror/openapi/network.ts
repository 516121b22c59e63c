import type { OperationEntry, Parameter, Schema } from './openapi-types.ts';
import { JAVA_LIMIT_SCHEMA, PREFIX_NOTE } from './components.ts';
import { limit, operation, order } from './operations.ts';
import { ALL_OPERATORS, EQ_ONLY, filterParam, NO_NE, plainParam, timestampFilter, VALUE } from './parameters.ts';
import { MAX_TRANSACTION_BYTES } from '../network/network-route.ts';
import { REGISTERED_NODE_TYPES } from '../network/registered-node-endpoints.ts';
import { arrayOf, bool, entityId, int32, int64, object, page, schemaRef, str, timestamp } from './schema-builders.ts';

/** GET /api/v1/network/* and POST /api/v1/network/fees. Every GET answer is cached 60 s but registered nodes' (1 s). */
const TAG = 'network';
const NETWORK = '/api/v1/network';
const SECONDS = 60;
/** `timestamp` of the network figures; `maxValues` where the route takes two at most (the reference's Java module's `@Size(max = 2)`). */
const networkTimestamp = (maxValues?: number): Parameter => timestampFilter('The file or state at or before this time (`eq` means at or before; `ne` is refused).', NO_NE, { maxValues });
const rate = (): Schema => object({ cent_equivalent: int64(), expiration_time: int64(), hbar_equivalent: int64() });
/** A consensus node's address: a domain name or an IPv4 address (the other one empty), and a port. */
const serviceEndpoint = (): Schema => object({ domain_name: str(), ip_address_v4: str(), port: int32() });
/** The service an endpoint offers beside its address: null for the kinds it is not. */
const serviceKind = (properties: Record<string, Schema>, description: string): Schema => ({ ...object(properties), nullable: true, description });

export const NETWORK_SCHEMAS: Record<string, Schema> = {
  ExchangeRate: object({ current_rate: rate(), next_rate: rate(), timestamp: timestamp() }),
  NetworkFees: object({ fees: arrayOf(object({ gas: int64(), transaction_type: str() })), timestamp: timestamp() }),
  NetworkStake: object({
    max_stake_rewarded: int64(), max_staking_reward_rate_per_hbar: int64(), max_total_reward: int64(), node_reward_fee_fraction: { type: 'number' },
    reserved_staking_rewards: int64(), reward_balance_threshold: int64(), stake_total: int64(), staking_period: schemaRef('TimestampRange') as Schema,
    staking_period_duration: int64(), staking_periods_stored: int64(), staking_reward_fee_fraction: { type: 'number' }, staking_reward_rate: int64(),
    staking_start_threshold: int64(), unreserved_staking_reward_balance: int64(),
  }),
  NetworkNode: object({
    admin_key: schemaRef('Key') as Schema,
    associated_registered_nodes: { ...arrayOf(int64()), description: 'The registered nodes (HIP-1137) this node names as its own, by id; left out for a node that names none.' },
    decline_reward: bool(true), description: str(true), file_id: entityId(false),
    grpc_proxy_endpoint: { ...serviceEndpoint(), nullable: true, description: 'The gRPC-web proxy of the node; null without one.' }, max_stake: int64(true), memo: str(true), min_stake: int64(true),
    node_account_id: entityId(), node_cert_hash: str(true), node_id: int64(), public_key: str(true), reward_rate_start: int64(true),
    service_endpoints: arrayOf(serviceEndpoint()), stake: int64(true), stake_not_rewarded: int64(true),
    stake_rewarded: int64(true), staking_period: { ...object({ from: timestamp(false), to: timestamp(false) }), nullable: true, description: 'The staking period the stake figures are of; null before the first.' },
    timestamp: schemaRef('TimestampRange') as Schema,
  }, ['associated_registered_nodes', 'service_endpoints', 'staking_period', 'reward_rate_start', 'node_cert_hash']),
  NetworkNodesResponse: page('nodes', 'NetworkNode'),
  RegisteredServiceEndpoint: object({
    block_node: serviceKind({ endpoint_apis: arrayOf({ type: 'string', enum: ['OTHER', 'STATUS', 'PUBLISH', 'SUBSCRIBE_STREAM', 'STATE_PROOF', 'UNRECOGNIZED'] }) }, 'The block node APIs served.'),
    domain_name: str(true), general_service: serviceKind({ description: str(true) }, 'What the service is.'), ip_address: str(true),
    mirror_node: serviceKind({}, 'An empty object for a mirror node.'), port: int32(), requires_tls: bool(), rpc_relay: serviceKind({}, 'An empty object for a JSON-RPC relay.'),
    type: { type: 'string', enum: [...REGISTERED_NODE_TYPES] },
  }),
  RegisteredNode: object({
    admin_key: schemaRef('Key') as Schema, created_timestamp: timestamp(), description: str(true), registered_node_id: int64(),
    service_endpoints: arrayOf(schemaRef('RegisteredServiceEndpoint')), timestamp: schemaRef('TimestampRange') as Schema,
  }),
  RegisteredNodesResponse: page('registered_nodes', 'RegisteredNode'),
  NetworkSupply: object({ released_supply: { type: 'string', pattern: '^\\d+$' }, timestamp: timestamp(), total_supply: { type: 'string', pattern: '^\\d+$' } }),
  FeeEstimate: object({
    high_volume_multiplier: int64(), network: object({ multiplier: int64(), subtotal: int64() }),
    node: object({ base: int64(), extras: arrayOf(schemaRef('FeeExtra')) }),
    service: object({ base: int64(), extras: arrayOf(schemaRef('FeeExtra')) }), total: int64(),
  }, ['high_volume_multiplier']),
  FeeExtra: {
    ...object({ charged: int64(), count: int64(), fee_per_unit: int64(), included: int64(), name: str(), subtotal: int64() }),
    description: 'One extra of a fee component: `charged` is `max(0, count - included)`, `subtotal` is `charged * fee_per_unit` (tinycents).',
  },
};

export const NETWORK_OPERATIONS: OperationEntry[] = [
  operation({ path: `${NETWORK}/exchangerate`, operationId: 'getExchangeRate', tag: TAG, summary: 'HBAR to USD cent exchange rates', cacheSeconds: SECONDS, notFound: true,
    ok: schemaRef('ExchangeRate'), description: 'At most two `timestamp` values (a third is a 400, as the reference\'s Java module has it).', parameters: [networkTimestamp(2)] }),
  operation({ path: `${NETWORK}/fees`, operationId: 'getNetworkFees', tag: TAG, summary: 'Gas prices per transaction type in tinybars', cacheSeconds: SECONDS, notFound: true,
    ok: schemaRef('NetworkFees'), parameters: [networkTimestamp(), plainParam('order', `Order by transaction type (any case). ${PREFIX_NOTE.any}`, { type: 'string', enum: ['asc', 'desc'], default: 'asc' }, 'desc')] }),
  operation({ path: `${NETWORK}/stake`, operationId: 'getNetworkStake', tag: TAG, summary: 'Staking parameters of the last staking period', cacheSeconds: SECONDS, notFound: true,
    ok: schemaRef('NetworkStake'), description: 'Undeclared query keys are ignored, as the reference\'s Java module ignores them.', parameters: [] }),
  operation({ path: `${NETWORK}/nodes`, operationId: 'listNetworkNodes', tag: TAG, summary: 'Consensus nodes of the address book', cacheSeconds: SECONDS, paged: true,
    ok: schemaRef('NetworkNodesResponse'), description: 'Pages hold 10 nodes by default and at most 25, whatever the configured limits.',
    parameters: [
      filterParam({ name: 'file.id', description: 'The address book file (default 0.0.102); given at most once.', value: VALUE.entityId, operators: EQ_ONLY, example: '0.0.102', repeat: 'once' }),
      filterParam({ name: 'node.id', description: 'A node id (0 allowed).', value: VALUE.long, operators: ALL_OPERATORS, example: '0' }),
      limit, order('asc'),
    ] }),
  operation({ path: `${NETWORK}/registered-nodes`, operationId: 'listRegisteredNodes', tag: TAG, summary: 'Block nodes, mirror nodes, relays and other registered services', cacheSeconds: 1, paged: true,
    ok: schemaRef('RegisteredNodesResponse'),
    description: 'HIP-1137. Deleted nodes are left out. As the reference\'s Java module has it: `limit` 1 to 100 (25 without one), undeclared query keys ignored; '
      + 'a value that cannot be read or breaks a limit (a `limit` out of range, more than two `registerednode.id`) is a bare `Invalid parameter: NAME`, the other refusals `{data, detail, message}`.',
    parameters: [
      filterParam({ name: 'registerednode.id', description: 'A registered node id (0 allowed); `ne` is ignored, as the reference\'s Java module ignores it.', value: VALUE.long, operators: ALL_OPERATORS, example: '1', repeat: 'eqAlone', maxValues: 2 }),
      filterParam({ name: 'type', description: 'Nodes offering an endpoint of this type (any case).', value: REGISTERED_NODE_TYPES.join('|'), operators: EQ_ONLY, example: 'BLOCK_NODE' }),
      plainParam('limit', `Page size, 1 to 100 (25 without one); a value out of range is a 400, not capped. ${PREFIX_NOTE.eq}`, JAVA_LIMIT_SCHEMA, 25),
      order('asc', 'eq'),
    ] }),
  operation({ path: `${NETWORK}/supply`, operationId: 'getNetworkSupply', tag: TAG, summary: 'Released and total HBAR supply', cacheSeconds: SECONDS, notFound: true,
    ok: schemaRef('NetworkSupply'), okAlternatives: {
      'text/plain': { schema: { type: 'string', pattern: '^\\d+(\\.\\d{8})?$', description: 'With `q`: the one amount, in HBAR with 8 decimals (whole HBAR or tinybars where the profile\'s currency format says so).' } },
    },
    description: 'With `q` the single amount in HBAR as `text/plain` (same ETag and caching rules). At most two `timestamp` values (a third is a 400).',
    parameters: [networkTimestamp(2), plainParam('q', 'Answer one amount as plain text (any case).', { type: 'string', enum: ['circulating', 'totalcoins'] }, 'totalcoins')] }),
  operation({
    path: `${NETWORK}/fees`, method: 'post', operationId: 'estimateFees', tag: TAG, summary: 'Estimate the fees of a serialized transaction', cacheSeconds: null,
    ok: schemaRef('FeeEstimate'), description: `The body is a serialized HAPI \`Transaction\` (at most ${MAX_TRANSACTION_BYTES} bytes).`,
    parameters: [
      filterParam({ name: 'mode', description: 'Estimate mode (any case).', value: 'INTRINSIC|STATE|intrinsic|state', operators: EQ_ONLY, example: 'INTRINSIC', repeat: 'once' }),
      filterParam({ name: 'high_volume_throttle', description: 'Throttle utilisation in basis points, 0 to 10000.', value: String.raw`\d{1,5}`, operators: EQ_ONLY, example: '0', repeat: 'once' }),
    ],
    requestBody: {
      description: 'A serialized HAPI Transaction.', required: true,
      content: { 'application/protobuf': { schema: { type: 'string', format: 'binary' } }, 'application/x-protobuf': { schema: { type: 'string', format: 'binary' } } },
    },
    extraResponses: {
      '413': { description: `The body is larger than ${MAX_TRANSACTION_BYTES} bytes (64 KiB).`, content: { 'application/json': { schema: schemaRef('Error') } } },
      '415': { description: 'The body is not `application/protobuf` or `application/x-protobuf` (whatever it holds, JSON included).', content: { 'application/json': { schema: schemaRef('Error') } } },
    },
  }),
];
