import type { ParsedQuery } from '../http/query-string.ts';
import { sqlInt } from '../format/entity-id.ts';
import { nextPageLink, type PageAnchor } from './next-link.ts';
import type { Bound, BoundFilter } from './paging-bounds.ts';
import type { SortOrder } from './query-filters.ts';
import type { SqlParam } from './sql-statement.ts';

/** One sort column of a list paged by several columns, with the filters given on it. */
export interface TupleColumn {
  bound: Bound;
  /** The table column the filters compare. */
  column: string;
}

/**
 * A list sorted by several columns (an airdrop's other party, token, serial) pages through them
 * as one tuple in lexicographic order. After an equality fixes a column, the lower bounds of
 * the remaining columns, read in sort order from the first, form a lower bound on the tuple of
 * the columns they name, and the upper bounds an upper one: `receiver.id=gte:5&token.id=gt:7`
 * starts after (5, 7) and goes on through every later receiver, which is what a next link asks
 * for (the reference's multi-column bounds read it the same way).
 *
 * A bound the tuple cannot express is refused rather than dropped or read as a flat filter: a
 * bound on a column after one without a bound on that side, or after a strict `gt` / `lt`. Read
 * flat, `token.id=gt:7` alone would match tokens above 7 of every receiver on the first page,
 * but the next link's tuple bound would not keep that, and the pages would disagree with one
 * long page. (The messages are those of the two-column paging queries, paging-bounds.ts.)
 */
export function validateTupleBounds(columns: readonly TupleColumn[]): string | null {
  for (const { bound } of columns) {
    if (bound.hasBound() && bound.equal) return `Can't support both range and equal for ${bound.filterKey}`;
  }
  return sideError(columns, 'lower') ?? sideError(columns, 'upper');
}

/** A bound on `side` of a column after the tuple has ended (at a column without one, or at a strict one). */
function sideError(columns: readonly TupleColumn[], side: 'lower' | 'upper'): string | null {
  const free = freeColumns(columns);
  const prefix = tuplePrefix(columns, side);
  const operator = prefix.at(-1)?.bound[side]!.operator;
  // The column the tuple ends at: its last one when strict, else the first one without a bound.
  const end = operator === 'gt' || operator === 'lt' ? prefix.length - 1 : prefix.length;
  const later = free.slice(end + 1).find(({ bound }) => bound[side] !== null);
  if (!later) return null;
  const { bound } = free[end]!;
  if (bound.isEmpty()) return `${later.bound.filterKey} without a ${bound.filterKey} parameter filter`;
  return `${bound.filterKey} must have ${side === 'lower' ? 'gte' : 'lte'} or eq operator`;
}

/** Columns not fixed by an equality, in sort order. */
const freeColumns = (columns: readonly TupleColumn[]): TupleColumn[] => columns.filter(({ bound }) => bound.equal === null);

/** The columns whose `side` bounds form the tuple bound: consecutive from the first free column, ending at a strict one. */
function tuplePrefix(columns: readonly TupleColumn[], side: 'lower' | 'upper'): TupleColumn[] {
  const prefix: TupleColumn[] = [];
  for (const column of freeColumns(columns)) {
    const filter = column.bound[side];
    if (!filter) break;
    prefix.push(column);
    if (filter.operator === 'gt' || filter.operator === 'lt') break;
  }
  return prefix;
}

/**
 * The WHERE conditions of a validated tuple range: an equality per fixed column, then one
 * row-value comparison per side, e.g. `(receiver_account_id, token_id) > (?, ?)`, which SQLite
 * walks as one range of an index whose columns are in the same order.
 */
export function tupleBoundsSql(columns: readonly TupleColumn[]): { where: string[]; params: SqlParam[] } {
  const where: string[] = [];
  const params: SqlParam[] = [];
  for (const { bound, column } of columns) {
    if (!bound.equal) continue;
    where.push(`${column} = ?`);
    params.push(sqlInt(bound.equal.value));
  }
  for (const side of ['lower', 'upper'] as const) {
    const prefix = tuplePrefix(columns, side);
    if (prefix.length === 0) continue;
    const filters = prefix.map(({ bound }) => bound[side]!);
    const last = filters.at(-1)!.operator;
    const operator = side === 'lower' ? (last === 'gt' ? '>' : '>=') : (last === 'lt' ? '<' : '<=');
    const names = prefix.map(({ column }) => column);
    where.push(names.length === 1 ? `${names[0]} ${operator} ?` : `(${names.join(', ')}) ${operator} (${names.map(() => '?').join(', ')})`);
    params.push(...filters.map((f: BoundFilter) => sqlInt(f.value)));
  }
  return { where, params };
}

/**
 * The next page of a tuple-paged list: none after a short page; otherwise every column not fixed
 * by an equality gets the last row's value, inclusive but for the last such column, so that the
 * link's bounds start the tuple just after the last row. (The reference makes a column strict
 * when the next one is fixed, which skips the rest of a receiver's serials when `token.id` is an
 * equality; inclusive there, the serial number's bound carries on.) `lastValues` are the last
 * row's values of `columns`, in order.
 */
export function tupleNextLink(
  path: string,
  raw: ParsedQuery,
  page: { count: number; limit: number; order: SortOrder },
  columns: readonly TupleColumn[],
  lastValues: readonly string[] | undefined,
  rangeValue: (text: string) => bigint | null,
): string | null {
  if (!lastValues || page.count < page.limit) return null;
  const free = columns.flatMap(({ bound }, i) => (bound.equal ? [] : [{ key: bound.filterKey, value: lastValues[i]! }]));
  if (free.length === 0) return null;
  const anchors: PageAnchor[] = free.map((anchor, i) => ({ ...anchor, inclusive: i < free.length - 1 }));
  return nextPageLink(path, raw, anchors, page.order, rangeValue);
}
