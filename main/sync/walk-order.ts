import { parseEntityIdLoose } from '../mirror/format/entity-id.ts';
import { timestampOf, UpstreamFormatError } from './upstream-values.ts';

/**
 * The order a walk goes along a list: its next links bound the filter `param` from the side it
 * moves towards (`account.id=gt:0.0.1100` ascending, `timestamp=lt:1700000000.000000001` descending).
 */
export interface WalkOrder {
  param: 'account.id' | 'token.id' | 'contract.id' | 'timestamp';
  order: 'asc' | 'desc';
}

/** Where a page starts along its walk: the value its bound names, and whether it takes that value itself (`gte:`, `lte:`). */
interface WalkBound {
  value: bigint;
  inclusive: boolean;
}

/**
 * Whether a next link goes further along the walk than the page that named it: true when its bound
 * is beyond the page's own, false when it is not (a link back, however many pages back), null when
 * either bound cannot be read (a filter of another form: then only the walk's memory of the pages
 * it read can tell a loop). A page without a bound on the walk's side is the list's start.
 */
export function goesFurther(current: string, next: string, walk: WalkOrder): boolean | null {
  const from = boundOf(current, walk);
  const to = boundOf(next, walk);
  if (from === undefined || to === undefined) return null;
  if (to === null) return false;
  if (from === null) return true;
  const ahead = walk.order === 'asc' ? to.value > from.value : to.value < from.value;
  // `gt:X` after `gte:X` leaves X behind: the one step a link with the same value may take.
  return ahead || (to.value === from.value && from.inclusive && !to.inclusive);
}

/**
 * The tightest bound on the walk's side of `param` in `url`'s query; null without one, undefined
 * for a value that cannot be read or a filter of another form (an exact value, `ne:`).
 */
function boundOf(url: string, walk: WalkOrder): WalkBound | null | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const side = walk.order === 'asc' ? /^(gte?):(.+)$/ : /^(lte?):(.+)$/;
  const other = walk.order === 'asc' ? /^lte?:/ : /^gte?:/;
  let tightest: WalkBound | null = null;
  for (const filter of new URLSearchParams(query).getAll(walk.param)) {
    if (other.test(filter)) continue;
    const match = side.exec(filter);
    const value = match ? valueOf(match[2]!, walk.param) : null;
    if (value === null) return undefined;
    const bound = { value, inclusive: match![1]!.endsWith('e') };
    if (tightest === null || tighter(bound, tightest, walk.order)) tightest = bound;
  }
  return tightest;
}

function tighter(a: WalkBound, b: WalkBound, order: WalkOrder['order']): boolean {
  if (a.value !== b.value) return order === 'asc' ? a.value > b.value : a.value < b.value;
  return !a.inclusive && b.inclusive;
}

function valueOf(text: string, param: WalkOrder['param']): bigint | null {
  if (param !== 'timestamp') return parseEntityIdLoose(text);
  try {
    return timestampOf(text);
  } catch (error) {
    if (error instanceof UpstreamFormatError) return null;
    throw error;
  }
}
