import { formatEntityId, sqlInt } from '../format/entity-id.ts';
import { int64, parseJsonLossless } from '../format/json-out.ts';
import { renderKey } from '../format/key.ts';
import { formatTimestamp, NANOS_PER_DAY } from '../format/timestamp.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from '../query/mirror-get.ts';
import { singleKeyNextLink } from '../query/next-link.ts';
import { parseEntityIdParam, parsePositiveLong } from '../query/param-values.ts';
import { LIMIT_RULE, ORDER_RULE, filtersFor, limitOf, orderOf, validateQuery, type ParamRule } from '../query/query-filters.ts';
import { StatementCache } from '../query/statement-cache.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { nodesSql, SERVICE_ENDPOINTS_SQL } from './nodes-sql.ts';

export const NODES_PATH = '/api/v1/network/nodes';
/** The reference's limits for this endpoint (its own, not the global ones). */
const NODE_LIMITS = { default: 10, max: 25 };
/** The address book most clients want: 0.0.102 (0.0.101 holds the older, smaller form). */
const DEFAULT_ADDRESS_BOOK_FILE = 102n;

/** Old node stake rows carry -1 where a figure was not recorded yet; the API shows null. */
function unknownAsNull(value: bigint | null): number | bigint | null {
  return value === null || value === -1n ? null : int64(value);
}

interface NodeRow {
  consensus_timestamp: bigint;
  description: string | null;
  memo: string | null;
  node_id: bigint;
  node_account_id: bigint | null;
  node_cert_hash: Buffer | null;
  public_key: string | null;
  file_id: bigint;
  start_consensus_timestamp: bigint;
  end_consensus_timestamp: bigint | null;
  admin_key: Buffer | null;
  associated_registered_nodes: string | null;
  decline_reward: bigint | null;
  grpc_proxy_endpoint: string | null;
  max_stake: bigint | null;
  min_stake: bigint | null;
  reward_rate: bigint | null;
  stake: bigint | null;
  stake_not_rewarded: bigint | null;
  stake_rewarded: bigint | null;
  staking_period: bigint | null;
}

const RULES: Record<string, ParamRule> = {
  'file.id': (op, value) => op === 'eq' && parseEntityIdParam(value) !== null,
  'node.id': (_op, value) => parsePositiveLong(value, true) !== null,
  limit: LIMIT_RULE,
  order: ORDER_RULE,
};

/** GET /api/v1/network/nodes: the address book's nodes with their stake and endpoints. */
export class NodesService {
  readonly #statements: StatementCache;

  constructor(db: SqliteDatabase) {
    this.#statements = new StatementCache(db);
  }

  list(raw: ParsedQuery): GetOutcome {
    const validated = validateQuery(raw, RULES);
    if (!validated.ok) return badRequest(...validated.messages);
    const { filters } = validated;
    const files = filtersFor(filters, 'file.id');
    if (files.length > 1) return badRequest({ message: 'Only a single instance is supported for file.id' });
    const file = files.length === 1 ? parseEntityIdParam(files[0]!.value)! : DEFAULT_ADDRESS_BOOK_FILE;
    const nodeFilters = filtersFor(filters, 'node.id').map((f) => ({ operator: f.operator, value: parsePositiveLong(f.value, true)! }));
    const limit = limitOf(filters, NODE_LIMITS);
    const order = orderOf(filters, 'asc');
    const { sql, params } = nodesSql(nodeFilters, order);
    const rows = this.#statements.get(sql).all(params({ file: sqlInt(file) as bigint, limit })) as NodeRow[];
    const nodes = rows.map((row) => this.#render(row));
    const page = { count: rows.length, limit, order };
    const next = singleKeyNextLink(NODES_PATH, raw, page, 'node.id', rows.at(-1)?.node_id.toString(), (v) => parsePositiveLong(v, true));
    return { status: 200, body: { nodes, links: { next } }, next };
  }

  #render(row: NodeRow): Record<string, unknown> {
    const endpoints = this.#statements.get(SERVICE_ENDPOINTS_SQL).all(sqlInt(row.consensus_timestamp), sqlInt(row.node_id)) as Array<{ domain_name: string; ip_address_v4: string; port: bigint }>;
    const periodStart = row.staking_period === null ? null : row.staking_period + 1n;
    return {
      admin_key: renderKey(row.admin_key),
      // HIP-1137's field, left out for a node that names no registered node: the reference's own
      // cases for this endpoint (recorded before the field) answer without it.
      ...(row.associated_registered_nodes === null ? {} : { associated_registered_nodes: (parseJsonLossless(row.associated_registered_nodes) as Array<number | bigint>).map((id) => int64(BigInt(id))) }),
      decline_reward: row.decline_reward === null ? null : row.decline_reward === 1n,
      description: row.description,
      file_id: formatEntityId(row.file_id),
      grpc_proxy_endpoint: row.grpc_proxy_endpoint === null ? null : parseJsonLossless(row.grpc_proxy_endpoint),
      max_stake: unknownAsNull(row.max_stake),
      memo: row.memo,
      min_stake: unknownAsNull(row.min_stake),
      node_account_id: row.node_account_id === null ? null : formatEntityId(row.node_account_id),
      // The importer keeps the certificate hash as the hex text the address book carries.
      node_cert_hash: row.node_cert_hash === null ? null : `0x${row.node_cert_hash.toString('utf8')}`,
      node_id: int64(row.node_id),
      public_key: row.public_key === null ? null : `0x${row.public_key}`,
      reward_rate_start: int64(row.reward_rate),
      service_endpoints: endpoints.map((e) => ({ domain_name: e.domain_name, ip_address_v4: e.ip_address_v4, port: int64(e.port) })),
      stake: int64(row.stake),
      stake_not_rewarded: unknownAsNull(row.stake_not_rewarded),
      stake_rewarded: int64(row.stake_rewarded),
      staking_period: periodStart === null ? null : { from: formatTimestamp(periodStart), to: formatTimestamp(periodStart + NANOS_PER_DAY) },
      timestamp: { from: formatTimestamp(row.start_consensus_timestamp), to: formatTimestamp(row.end_consensus_timestamp) },
    };
  }
}
