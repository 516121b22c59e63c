import { int64 } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { foldedRange } from '../query/java-bound.ts';
import { JAVA_DEFAULT_LIMIT, JAVA_MAX_LIMIT } from '../query/java-limits.ts';
import { answeringBadRequests, JavaBadRequest } from '../query/java-error.ts';
import { javaNextLink } from '../query/java-next-link.ts';
import { declaredOnly, type RangeOperator, type RangeParam } from '../query/java-params.ts';
import { MAX_LONG, parsePositiveLong } from '../query/param-values.ts';
import { filtersFor, invalidParameter, LIMIT_RULE, limitOf, orderOf, ORDER_RULE, validateQuery, type ParamRule, type QueryFilter } from '../query/query-filters.ts';
import { StoreService } from '../query/store-service.ts';
import { renderServiceEndpoints, REGISTERED_NODE_TYPES, type RegisteredNodeType } from './registered-node-endpoints.ts';

export const REGISTERED_NODES_PATH = '/api/v1/network/registered-nodes';
const ID_PARAM = 'registerednode.id';
/** `@Size(max = 2)` on the ids. */
const MAX_IDS = 2;
/** Ids as the filter takes them: non-negative longs. */
const parseNodeId = (text: string): bigint | null => parsePositiveLong(text, true);

/**
 * What each declared key binds (RegisteredNodesRequest): its conversion and its value constraints (`limit` 1 to 100).
 * `limit` and `order` bind their text as a number and a direction, so `gt:5` does not convert (unlike the Node.js rules).
 */
const RULES: Record<string, ParamRule> = {
  [ID_PARAM]: (_op, v) => parseNodeId(v) !== null,
  type: (op, v) => op === 'eq' && REGISTERED_NODE_TYPES.includes(v.toUpperCase() as RegisteredNodeType),
  limit: (op, v) => op === 'eq' && LIMIT_RULE(op, v) && Number(v) <= JAVA_MAX_LIMIT,
  order: (op, v) => op === 'eq' && ORDER_RULE(op, v),
};

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
 * (NetworkController, NetworkServiceImpl): undeclared keys ignored, at most 100 a page; what it
 * cannot bind is refused as bindRequest says, what its service refuses as every Java-module route
 * words it (JavaBadRequest).
 */
export class RegisteredNodesService extends StoreService {
  list(raw: ParsedQuery): GetOutcome {
    const bound = bindRequest(raw);
    if (!bound.ok) return bound.error;
    const { filters } = bound;
    return answeringBadRequests(() => {
      const range = idRange(filtersFor(filters, ID_PARAM).map((f) => ({ operator: f.operator as RangeOperator, value: parseNodeId(f.value)! })));
      const type = filtersFor(filters, 'type').at(-1)?.value.toUpperCase() as RegisteredNodeType | undefined;
      const limit = limitOf(filters, { default: JAVA_DEFAULT_LIMIT, max: JAVA_MAX_LIMIT });
      const order = orderOf(filters, 'asc');
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
    });
  }
}

/**
 * The request as the module binds it into its request object (RegisteredNodesRequest, through
 * its @RequestParameter resolver): declared keys only. A value it cannot convert, and a broken
 * constraint (`limit` 1 to 100, more than two ids), are each a bare `Invalid parameter: <name>`,
 * reported together, as it words a request object's field errors (the `java` body of
 * specs/network/nodes/invalid-params.json), not as `{data, detail, message}`.
 */
function bindRequest(raw: ParsedQuery): { ok: true; filters: QueryFilter[] } | { ok: false; error: GetOutcome } {
  const declared = declaredOnly(raw, Object.keys(RULES));
  const validated = validateQuery(declared, RULES);
  const messages = validated.ok ? [] : [...validated.messages];
  const idRefused = invalidParameter(ID_PARAM);
  // A list that did not convert is not bound, so its size is not checked.
  const idsBound = !messages.some((m) => m.message === idRefused.message);
  if (idsBound && (declared.get(ID_PARAM)?.length ?? 0) > MAX_IDS) messages.push(idRefused);
  if (!validated.ok || messages.length > 0) return { ok: false, error: badRequest(...messages) };
  return { ok: true, filters: validated.filters };
}

/**
 * The closed id range the filters leave (NetworkServiceImpl.resolveRegisteredNodeIdBounds): an
 * `eq` alone, or the bounds folded in Java's long arithmetic; `ne` bounds nothing.
 */
function idRange(ids: readonly RangeParam[]): { lower: bigint; upper: bigint } {
  const equal = ids.find((id) => id.operator === 'eq');
  if (equal) {
    if (ids.length > 1) throw new JavaBadRequest("The 'eq' operator cannot be combined with other operators");
    return { lower: equal.value, upper: equal.value };
  }
  const { lower, upper } = foldedRange(ids, 0n, MAX_LONG);
  if (lower > upper) throw new JavaBadRequest('Invalid range: lower bound exceeds upper bound');
  return { lower, upper };
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
