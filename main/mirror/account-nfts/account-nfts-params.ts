import type { MirrorApiConfig } from '../config.ts';
import type { Filter } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { Bound, validateBounds } from '../query/paging-bounds.ts';
import { entityIdOrNull, parseEntityRef, parsePositiveLong } from '../query/param-values.ts';
import { limitOf, LIMIT_RULE, orderOf, ORDER_RULE, validateQuery, type MirrorMessage, type SortOrder } from '../query/query-filters.ts';
import { parseTokenId } from '../tokens/token-path-params.ts';

/** A validated GET /api/v1/accounts/{id}/nfts request. */
export interface AccountNftsQuery {
  token: Bound;
  serial: Bound;
  /** Spender equalities (any of them) and bounds; null matches nothing (an EVM address that is no id). */
  spenderIn: Array<bigint | null>;
  spenderRange: Array<Filter<bigint | null>>;
  limit: number;
  order: SortOrder;
  raw: ParsedQuery;
}

export function parseAccountNftsParams(raw: ParsedQuery, config: MirrorApiConfig):
  { ok: true; query: AccountNftsQuery } | { ok: false; messages: MirrorMessage[] } {
  const validated = validateQuery(raw, {
    'token.id': (_op, v) => parseTokenId(v) !== null,
    serialnumber: (_op, v) => parsePositiveLong(v) !== null,
    'spender.id': (_op, v) => parseEntityRef(v, 'any') !== null,
    limit: LIMIT_RULE,
    order: ORDER_RULE,
  });
  if (!validated.ok) return validated;
  const query: AccountNftsQuery = {
    token: new Bound('token.id'),
    serial: new Bound('serialnumber'),
    spenderIn: [],
    spenderRange: [],
    limit: limitOf(validated.filters, config.response.limit),
    order: orderOf(validated.filters, 'desc'),
    raw,
  };
  const fail = (message: string) => ({ ok: false as const, messages: [{ message }] });
  for (const f of validated.filters) {
    let error: string | null = null;
    if (f.key === 'token.id') error = query.token.add({ key: f.key, operator: f.operator, value: parseTokenId(f.value)! });
    if (f.key === 'serialnumber') error = query.serial.add({ key: f.key, operator: f.operator, value: BigInt(f.value) });
    if (f.key === 'spender.id') {
      if (f.operator === 'eq') query.spenderIn.push(entityIdOrNull(f.value));
      else query.spenderRange.push({ operator: f.operator, value: entityIdOrNull(f.value) });
    }
    if (error) return fail(error);
  }
  const boundsError = validateBounds(query.token, query.serial);
  if (boundsError) return fail(boundsError);
  const ops = query.spenderRange.map((f) => f.operator);
  if (ops.filter((o) => o === 'lt' || o === 'lte').length > 1 || ops.filter((o) => o === 'gt' || o === 'gte').length > 1) {
    return fail('Multiple range params not allowed for spender.id');
  }
  if (ops.includes('ne')) return fail('Not equals (ne) comparison operator is not supported');
  return { ok: true, query };
}
