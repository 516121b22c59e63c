import type { MirrorApiConfig } from '../config.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { Bound, validateBounds } from '../query/paging-bounds.ts';
import { parseHash32or48, parseTimestampParam } from '../query/param-values.ts';
import {
  filtersFor, limitOf, LIMIT_RULE, orderOf, ORDER_RULE, TIMESTAMP_RULE, validateQuery, type ParamRule, type QueryFilter, type SortOrder,
} from '../query/query-filters.ts';
import { NANOS_PER_DAY } from '../format/timestamp.ts';
import type { Parsed } from './contracts-params.ts';

/** A validated contract logs request (all logs, or one contract's). */
export interface ContractLogsQuery {
  timestamp: Bound;
  index: Bound;
  /** Topic filters by position, each a list of accepted values as normalized hex (no leading zeros). */
  topics: string[][];
  transactionHash: Buffer | null;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

const TOPIC = /^(0x)?[0-9A-Fa-f]{1,64}$/;
const TOPIC_RULE: ParamRule = (op, value) => op === 'eq' && TOPIC.test(value);
const MAX_TOPIC_RANGE_NS = 7n * NANOS_PER_DAY;

const BY_CONTRACT_RULES: Record<string, ParamRule> = {
  index: (_op, value) => /^\d{1,19}$/.test(value),
  limit: LIMIT_RULE,
  order: ORDER_RULE,
  timestamp: TIMESTAMP_RULE,
  topic0: TOPIC_RULE,
  topic1: TOPIC_RULE,
  topic2: TOPIC_RULE,
  topic3: TOPIC_RULE,
};

const ALL_RULES: Record<string, ParamRule> = {
  ...BY_CONTRACT_RULES,
  'transaction.hash': (op, value) => op === 'eq' && parseHash32or48(value) !== null,
};

/** A topic as compared: hex without `0x` and leading zeros, upper case (SQLite's hex()). */
export function normalizeTopic(text: string): string {
  return text.replace(/^0x/i, '').replace(/^0+/, '').toUpperCase();
}

/**
 * Validates a logs request as the reference does: parameters, then `gte:X&lte:X` folded into
 * `X`, then topics only within a timestamp range of at most 7 days, then the timestamp/index
 * paging bounds, then at most one transaction hash.
 */
export function parseContractLogsParams(raw: ParsedQuery, config: MirrorApiConfig, byContract: boolean): Parsed<ContractLogsQuery> {
  const validated = validateQuery(raw, byContract ? BY_CONTRACT_RULES : ALL_RULES);
  if (!validated.ok) return validated;
  const filters = foldTimestampRange(validated.filters);
  const fail = (message: string): Parsed<ContractLogsQuery> => ({ ok: false, messages: [{ message }] });
  const topics = [0, 1, 2, 3].map((i) => filtersFor(filters, `topic${i}`).map((f) => normalizeTopic(f.value)));
  if (topics.some((t) => t.length > 0)) {
    const problem = topicRangeProblem(filtersFor(filters, 'timestamp'));
    if (problem) return fail(`Cannot search topics without a valid timestamp range: ${problem}`);
  }
  const query: ContractLogsQuery = {
    timestamp: new Bound('timestamp'),
    index: new Bound('index'),
    topics,
    transactionHash: null,
    limit: limitOf(filters, config.response.limit),
    order: orderOf(filters, 'desc'),
    raw,
  };
  for (const f of filters) {
    let error: string | null = null;
    if (f.key === 'timestamp') error = query.timestamp.add({ key: f.key, operator: f.operator, value: parseTimestampParam(f.value)! });
    if (f.key === 'index') error = query.index.add({ key: f.key, operator: f.operator, value: BigInt(f.value) });
    if (error) return fail(error);
  }
  if (query.index.equal && !query.timestamp.equal) return fail('timestamp must have eq operator');
  const boundsError = validateBounds(query.timestamp, query.index);
  if (boundsError) return fail(boundsError);
  const hashes = filtersFor(filters, 'transaction.hash');
  if (hashes.length > 1) return fail('Only one transaction.hash filter is allowed');
  if (hashes.length === 1) query.transactionHash = Buffer.from(hashes[0]!.value.replace(/^0x/i, ''), 'hex');
  return { ok: true, query };
}

/** `timestamp=gte:X&timestamp=lte:X` (and nothing else on timestamp) means `timestamp=X`. */
function foldTimestampRange(filters: QueryFilter[]): QueryFilter[] {
  const stamps = filters.filter((f) => f.key === 'timestamp');
  if (stamps.length !== 2 || stamps[0]!.value !== stamps[1]!.value) return filters;
  const ops = stamps.map((f) => f.operator);
  if (!ops.includes('gte') || !ops.includes('lte')) return filters;
  return [...filters.filter((f) => f.key !== 'timestamp'), { key: 'timestamp', operator: 'eq', value: stamps[0]!.value }];
}

/** Why timestamp filters do not make a range topics may be searched in, or null when they do. */
function topicRangeProblem(filters: QueryFilter[]): string | null {
  let lower: bigint | null = null;
  let upper: bigint | null = null;
  let equal = false;
  for (const f of filters) {
    const value = parseTimestampParam(f.value)!;
    if (f.operator === 'eq') equal = true;
    if (f.operator === 'gt' || f.operator === 'gte') lower = f.operator === 'gt' ? value + 1n : value;
    if (f.operator === 'lt' || f.operator === 'lte') upper = f.operator === 'lt' ? value - 1n : value;
  }
  if (equal) return null;
  if (lower === null || upper === null) return 'No timestamp range or eq operator provided';
  const span = upper - lower;
  if (span < 0n || span > MAX_TOPIC_RANGE_NS) return 'Timestamp range by the lower and upper bounds must be positive and within 7d';
  return null;
}
