/** The endpoint types of a registered node, in the order of their numbers in the store's `type` column. */
export const REGISTERED_NODE_TYPES = ['BLOCK_NODE', 'GENERAL_SERVICE', 'MIRROR_NODE', 'RPC_RELAY'] as const;
export type RegisteredNodeType = (typeof REGISTERED_NODE_TYPES)[number];

/**
 * One service endpoint as the store keeps it (the reference's jsonb): an address, and the one
 * service it offers, whose key names its type.
 */
export interface StoredServiceEndpoint {
  domain_name?: string | null;
  ip_address?: string | null;
  port: number;
  requires_tls: boolean;
  block_node?: { endpoint_apis: string[] } | null;
  general_service?: { description: string | null } | null;
  mirror_node?: Record<string, never> | null;
  rpc_relay?: Record<string, never> | null;
}

const SERVICE_KEYS = { block_node: 'BLOCK_NODE', general_service: 'GENERAL_SERVICE', mirror_node: 'MIRROR_NODE', rpc_relay: 'RPC_RELAY' } as const;

/** The endpoints in the reference's field order, each with every service key (null but its own) and its `type`. */
export function renderServiceEndpoints(json: string | null): Array<Record<string, unknown>> {
  const endpoints = json === null ? [] : (JSON.parse(json) as StoredServiceEndpoint[]);
  return endpoints.map((endpoint) => ({
    block_node: endpoint.block_node ?? null,
    domain_name: endpoint.domain_name ?? null,
    general_service: endpoint.general_service ?? null,
    ip_address: endpoint.ip_address ?? null,
    mirror_node: endpoint.mirror_node ?? null,
    port: endpoint.port,
    requires_tls: endpoint.requires_tls,
    rpc_relay: endpoint.rpc_relay ?? null,
    type: endpointType(endpoint),
  }));
}

/** The type an endpoint offers; the types a node offers are what the store's `type` column lists. */
export function endpointType(endpoint: StoredServiceEndpoint): RegisteredNodeType {
  for (const [key, type] of Object.entries(SERVICE_KEYS)) {
    if (endpoint[key as keyof typeof SERVICE_KEYS]) return type;
  }
  // The reference renders an endpoint of no known service as a general service.
  return 'GENERAL_SERVICE';
}
