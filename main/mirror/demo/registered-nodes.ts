import { ed25519KeyBytes } from '../format/key.ts';
import { endpointType, REGISTERED_NODE_TYPES, type StoredServiceEndpoint } from '../network/registered-node-endpoints.ts';
import type { HistoryWriter } from './history-writer.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, NANOS } from './timeline.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

interface RegisteredNodePlan {
  description: string;
  /** Registered this many days before "now". */
  daysAgo: number;
  /** Deleted this many days before "now", if it was. */
  deletedDaysAgo?: number;
  endpoints: StoredServiceEndpoint[];
}

const BLOCK_NODE_APIS = ['STATUS', 'PUBLISH', 'SUBSCRIBE_STREAM', 'STATE_PROOF'];

/**
 * The services registered on the demo network (HIP-1137): two block nodes, a mirror node that
 * also runs a JSON-RPC relay, a general service, and a block node since deleted, which the
 * API leaves out. The addresses are the demo's own (*.demo.mirrordesk.local), nothing to call.
 */
const PLANS: RegisteredNodePlan[] = [
  { description: 'Cascade Cloud block node', daysAgo: 120, endpoints: [
    { domain_name: 'block1.demo.mirrordesk.local', port: 40840, requires_tls: true, block_node: { endpoint_apis: BLOCK_NODE_APIS } },
  ] },
  { description: 'Orbit Telecom block node', daysAgo: 75, endpoints: [
    { ip_address: '35.14.112.41', port: 40840, requires_tls: false, block_node: { endpoint_apis: ['STATUS', 'SUBSCRIBE_STREAM'] } },
  ] },
  { description: 'Northwind community mirror', daysAgo: 40, endpoints: [
    { domain_name: 'mirror.northwind.demo.mirrordesk.local', port: 443, requires_tls: true, mirror_node: {} },
    { domain_name: 'relay.northwind.demo.mirrordesk.local', port: 7546, requires_tls: true, rpc_relay: {} },
  ] },
  { description: 'Lumen Bank archive', daysAgo: 21, endpoints: [
    { domain_name: 'archive.lumen.demo.mirrordesk.local', port: 8443, requires_tls: true, general_service: { description: 'Record file archive' } },
  ] },
  { description: 'Retired test block node', daysAgo: 200, deletedDaysAgo: 30, endpoints: [
    { ip_address: '35.14.100.9', port: 40840, requires_tls: false, block_node: { endpoint_apis: ['STATUS'] } },
  ] },
];

/** The demo's live block nodes (ids in PLANS' order), which consensus nodes name as theirs. */
export const DEMO_BLOCK_NODES = [1, 2] as const;
/** After both block nodes were registered: when the consensus nodes named them. */
export const BLOCK_NODES_ASSOCIATED_DAYS_AGO = 70;

/** The treasury registers the demo's services and deletes the retired one (any account may; the demo's own do). */
const REGISTRAR = 2;
const REGISTRATION_FEE = 5_000_000;

/**
 * The registered nodes, numbered from 1 in the order above, each registered by a
 * REGISTEREDNODECREATE and, if deleted, deleted by a REGISTEREDNODEDELETE; each row last changed
 * at its registration, or its deletion.
 */
export function writeRegisteredNodes(writer: HistoryWriter): void {
  const moment = (daysAgo: number, id: number): bigint => BigInt(DEMO_NOW_SECONDS - daysAgo * DAY_SECONDS) * NANOS + BigInt(id) * 1_000_003n;
  // A timestamp another transaction holds moves on a microsecond: the row takes the one its transaction got.
  const transaction = (at: bigint, type: number): bigint =>
    writeAtFreeTimestamp(writer, at, (consensusNs) => ({ consensusNs, payer: REGISTRAR, type, fee: REGISTRATION_FEE })) ?? at;
  PLANS.forEach((plan, i) => {
    const id = i + 1;
    const created = transaction(moment(plan.daysAgo, id), TX.REGISTERED_NODE_CREATE);
    const adminKey = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(id, 11)));
    const types = [...new Set(plan.endpoints.map((endpoint) => REGISTERED_NODE_TYPES.indexOf(endpointType(endpoint))))].sort((a, b) => a - b);
    const deleted = plan.deletedDaysAgo !== undefined;
    writer.insert('registered_node', [id, adminKey, created, deleted ? 1 : 0, plan.description, JSON.stringify(plan.endpoints), JSON.stringify(types),
      deleted ? transaction(moment(plan.deletedDaysAgo!, id), TX.REGISTERED_NODE_DELETE) : created]);
  });
}
