import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { JAVA_MAX_LIMIT } from '../query/java-constraints.ts';
import { javaError } from '../query/java-error.ts';
import { javaNextLink } from '../query/java-next-link.ts';
import { declaredOnly } from '../query/java-params.ts';
import { parsePositiveLong } from '../query/param-values.ts';
import { filtersFor, fixedDefaultLimitOf, invalidParameter, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { timestampBounds } from '../query/timestamp-range.ts';
import { renderServiceEndpoints, REGISTERED_NODE_TYPES, type RegisteredNodeType } from './registered-node-endpoints.ts';

export const REGISTERED_NODES_PATH = '/api/v1/network/registered-nodes';
const ID_PARAM = 'registerednode.id';
/** Ids as the filter takes them: non-negative longs. */
const parseNodeId = (text: string): bigint | null => parsePositiveLong(text, true);

interface RegisteredNodeRow {
  registered_node_id: bigint;
  admin_key: Buffer | null;
  created_timestamp: bigint | null;
  description: string | null;
  service_endpoints: string | null;
  timestamp_range_lower: bigint;
  timestamp_range_upper: bigint | null;
}

/**
 * GET /api/v1/network/registered-nodes (HIP-1137): the block nodes, mirror nodes, RPC relays and
 * other services registered on the network, in id order, deleted ones left out. `type` keeps the
 * nodes offering an endpoint of that type. Answered as the reference's Java module answers it
 * (NetworkController, NetworkServiceImpl): undeclared keys ignored, at most 100 a page.
 */
export class RegisteredNodesService extends StoreService {
  list(raw: ParsedQuery): GetOutcome {
    // The Java module binds its declared parameters only, and words a value or count it cannot bind as the Node.js module does.
    const validated = validateQuery(declaredOnly(raw, [ID_PARAM, 'type', 'limit', 'order']), {
      [ID_PARAM]: (_op, v) => parseNodeId(v) !== null,
      type: (op, v) => op === 'eq' && REGISTERED_NODE_TYPES.includes(v.toUpperCase() as RegisteredNodeType),
      limit: (op, v) => LIMIT_RULE(op, v) && Number(v) <= JAVA_MAX_LIMIT,
      order: ORDER_RULE,
    });
    if (!validated.ok) return badRequest(...validated.messages);
    const ids = filtersFor(validated.filters, ID_PARAM);
    if (ids.length > 2) return badRequest(invalidParameter(ID_PARAM));
    if (ids.length > 1 && ids.some((f) => f.operator === 'eq')) return javaError(400, "The 'eq' operator cannot be combined with other operators");
    // The same fold into one closed range as timestamp filters get; `ne` bounds nothing, as there.
    const range = timestampBounds(ids.filter((f) => f.operator !== 'ne').map((f) => ({ operator: f.operator, value: parseNodeId(f.value)! })), 'eq');
    if (range === null) return javaError(400, 'Invalid range: lower bound exceeds upper bound');
    const type = filtersFor(validated.filters, 'type').at(-1)?.value.toUpperCase() as RegisteredNodeType | undefined;
    const limit = fixedDefaultLimitOf(validated.filters, { max: JAVA_MAX_LIMIT });
    const order = orderOf(validated.filters, 'asc');
    // json_each has a `type` column of its own: the node's column is named with its table.
    const rows = this.statements.get(`SELECT registered_node_id, admin_key, created_timestamp, description, service_endpoints, timestamp_range_lower, timestamp_range_upper
FROM registered_node
WHERE registered_node_id BETWEEN ? AND ? AND deleted = 0${type === undefined ? '' : ' AND EXISTS (SELECT 1 FROM json_each(registered_node.type) AS offered WHERE offered.value = ?)'}
ORDER BY registered_node_id ${order === 'desc' ? 'DESC' : 'ASC'}
LIMIT ?`).all(range.lower, range.upper, ...(type === undefined ? [] : [REGISTERED_NODE_TYPES.indexOf(type)]), limit) as RegisteredNodeRow[];
    const nodes = rows.map(renderRegisteredNode);
    const last = rows.at(-1)?.registered_node_id.toString();
    const next = javaNextLink(REGISTERED_NODES_PATH, raw, { count: rows.length, limit, order, sort: [ID_PARAM], last: last === undefined ? undefined : { [ID_PARAM]: last } });
    return { status: 200, body: { registered_nodes: nodes, links: { next } }, next };
  }
}

function renderRegisteredNode(row: RegisteredNodeRow): Record<string, unknown> {
  return {
    admin_key: renderKey(row.admin_key),
    created_timestamp: formatTimestamp(row.created_timestamp),
    description: row.description,
    registered_node_id: int64(row.registered_node_id),
    service_endpoints: renderServiceEndpoints(row.service_endpoints),
    timestamp: { from: formatTimestamp(row.timestamp_range_lower), to: formatTimestamp(row.timestamp_range_upper) },
  };
}
