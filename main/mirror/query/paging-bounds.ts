import type { FilterOperator } from '../http/filter-operator.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { nextPageLink, type PageAnchor } from './next-link.ts';
import type { SortOrder } from './query-filters.ts';

/** A parsed filter of a two-column paging query (token.id + serialnumber, spender.id + token.id). */
export interface BoundFilter {
  key: string;
  operator: FilterOperator;
  value: bigint;
}

/**
 * The filters on one column of a two-column paging query: at most one equality, one lower
 * and one upper bound (the reference's rest/controllers/bound.js, whose messages these are).
 */
export class Bound {
  readonly filterKey: string;
  equal: BoundFilter | null = null;
  lower: BoundFilter | null = null;
  upper: BoundFilter | null = null;

  constructor(filterKey: string) {
    this.filterKey = filterKey;
  }

  /** Adds a filter; returns an error message when the combination is not allowed. */
  add(filter: BoundFilter): string | null {
    const op = filter.operator;
    if (op === 'eq') {
      if (this.equal) return `Only one equal (eq) operator is allowed for ${this.filterKey}`;
      this.equal = filter;
    } else if (op === 'gt' || op === 'gte') {
      if (this.lower) return `Only one gt/gte operator is allowed for ${this.filterKey}`;
      this.lower = filter;
    } else if (op === 'lt' || op === 'lte') {
      if (this.upper) return `Only one lt/lte operator is allowed for ${this.filterKey}`;
      this.upper = filter;
    } else {
      return `Not equal (ne) operator is not supported for ${this.filterKey}`;
    }
    return null;
  }

  hasBound(): boolean {
    return this.lower !== null || this.upper !== null;
  }

  isEmpty(): boolean {
    return this.equal === null && !this.hasBound();
  }
}

/** Checks the combination of primary and secondary filters as the reference does. */
export function validateBounds(primary: Bound, secondary: Bound): string | null {
  for (const bound of [primary, secondary]) {
    if (bound.hasBound() && bound.equal) return `Can't support both range and equal for ${bound.filterKey}`;
  }
  if (primary.isEmpty() && !secondary.isEmpty()) return `${secondary.filterKey} without a ${primary.filterKey} parameter filter`;
  if (!primary.equal && secondary.lower && (!primary.lower || primary.lower.operator === 'gt')) {
    return `${primary.filterKey} must have gte or eq operator`;
  }
  if (!primary.equal && secondary.upper && (!primary.upper || primary.upper.operator === 'lt')) {
    return `${primary.filterKey} must have lte or eq operator`;
  }
  return null;
}

const present = (filters: Array<BoundFilter | null>): BoundFilter[] => filters.filter((f): f is BoundFilter => f !== null);

/**
 * Splits a two-column range into up to three index-friendly parts, so each part is one
 * contiguous walk of a (primary, secondary) index: the first primary value from the
 * secondary lower bound on, the primary values strictly between, and the last primary value
 * up to the secondary upper bound. Empty parts are left out; all empty means "no filters".
 */
export function boundParts(primary: Bound, secondary: Bound): BoundFilter[][] {
  let lower: BoundFilter[] = [];
  if (primary.lower && primary.upper && primary.lower.value === primary.upper.value && secondary.lower && secondary.upper) {
    // One primary value, as a next link writes it when a page ends on the range's last primary
    // value (gte:v and lte:v): the first and last parts below would both be that value, each
    // with one secondary bound, and OR-ed they would drop both bounds and page forever (the
    // reference's union does). The range is their intersection.
    return [[{ ...primary.lower, operator: 'eq' }, secondary.lower, secondary.upper]];
  }
  if (!secondary.hasBound()) {
    lower = present([primary.equal, primary.lower, primary.upper, secondary.equal]);
  } else if (primary.lower && secondary.lower) {
    // The primary's upper bound too, so that a range whose lower primary value is above its upper one matches nothing.
    lower = present([{ ...primary.lower, operator: 'eq' }, secondary.lower, primary.upper]);
  } else if (primary.equal) {
    lower = present([primary.equal, primary.lower, primary.upper, secondary.lower, secondary.equal, secondary.upper]);
  }
  const inner = primary.hasBound() && secondary.hasBound()
    ? present([
      primary.lower && { ...primary.lower, operator: secondary.lower ? 'gt' : primary.lower.operator },
      primary.upper && { ...primary.upper, operator: secondary.upper ? 'lt' : primary.upper.operator },
    ])
    : [];
  const upper = primary.upper && secondary.upper ? present([{ ...primary.upper, operator: 'eq' as const }, secondary.upper, primary.lower]) : [];
  return [lower, inner, upper].filter((part) => part.length > 0);
}

/**
 * The next page of a two-column paging query (BaseController.getPaginationLink): none after
 * a short page or for one exact (primary, secondary) pair; otherwise the last row's primary
 * value (inclusive unless the secondary is an equality) and secondary value become bounds.
 */
export function boundsNextLink(
  path: string,
  raw: ParsedQuery,
  page: { count: number; limit: number; order: SortOrder },
  bounds: { primary: Bound; secondary: Bound },
  last: { primary: string; secondary: string } | undefined,
  rangeValue: (text: string) => bigint | null,
): string | null {
  const { primary, secondary } = bounds;
  if (!last || page.count < page.limit || (primary.equal && secondary.equal)) return null;
  const anchors: PageAnchor[] = [];
  if (primary.hasBound() || primary.isEmpty()) anchors.push({ key: primary.filterKey, value: last.primary, inclusive: !secondary.equal });
  if (secondary.hasBound() || secondary.isEmpty()) anchors.push({ key: secondary.filterKey, value: last.secondary });
  if (anchors.length === 0) return null;
  return nextPageLink(path, raw, anchors, page.order, rangeValue);
}
