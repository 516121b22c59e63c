import { sqlInt } from '../format/entity-id.ts';
import type { JavaBound } from './java-bound.ts';
import type { RangeOperator, RangeParam } from './java-params.ts';
import type { SqlParam } from './sql-statement.ts';

/** A WHERE condition with its parameters; null is jOOQ's noCondition(), which and/or leave out. */
export type Condition = { sql: string; params: SqlParam[] } | null;

const SQL: Record<RangeOperator, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', ne: '!=' };

const compare = (column: string, operator: RangeOperator, value: bigint): Condition => ({ sql: `${column} ${SQL[operator]} ?`, params: [sqlInt(value)] });

/** How a condition names a bound's column in SQL. */
type ColumnSql = (column: string) => string;
const AS_IS: ColumnSql = (column) => column;
/**
 * `+column`: SQLite neither seeks by such a term nor takes an equality in it as fixing the column
 * for ORDER BY, which it would then sort rather than take from the index walked (token_id = ?
 * made it sort each receiver's rows by serial, though the walk gives them in that order). The
 * `+` also drops the column's affinity, which changes no comparison here: integers on both sides.
 */
const FILTER_ONLY: ColumnSql = (column) => `+${column}`;

function join(word: 'AND' | 'OR', a: Condition, b: Condition): Condition {
  if (a === null) return b;
  if (b === null) return a;
  return { sql: `(${a.sql} ${word} ${b.sql})`, params: [...a.params, ...b.params] };
}
const and = (a: Condition, b: Condition): Condition => join('AND', a, b);
const or = (a: Condition, b: Condition): Condition => join('OR', a, b);

const paramCondition = (param: RangeParam | null, column: string): Condition => (param ? compare(column, param.operator, param.value) : null);

/** Both filters of one column, as given. */
const boundCondition = (bound: JavaBound, sql: ColumnSql): Condition => and(paramCondition(bound.lower, sql(bound.column)), paramCondition(bound.upper, sql(bound.column)));

/**
 * The WHERE condition of a Java-module listing read through an index whose next column after the
 * account is `seekColumn`, in sort order: javaBoundsCondition, after the seek range of the primary
 * bound (javaSeekRange) when that bound is on `seekColumn`. When it is not (airdrops filtered by
 * `token.id` or `serialnumber` only), no bound can seek: the condition filters the rows walked,
 * its columns written so that SQLite adds no sort step (FILTER_ONLY).
 */
export function javaBoundsWhere(bounds: readonly JavaBound[], seekColumn: string): Condition {
  if (bounds[0]?.column !== seekColumn) return boundsCondition(bounds, FILTER_ONLY);
  // The seek range first: the condition changes the bounds it reads.
  const seek = javaSeekRange(bounds[0]);
  return and(seek, javaBoundsCondition(bounds));
}

/**
 * The condition the reference's Java module (JooqRepository.getBoundConditions) builds from the
 * bounds of a listing's sort columns, primary first, ported as it is so that every combination of
 * filters selects the same rows there and here. For `receiver.id` gte 2000 and lte 3000, `token.id`
 * gte 4000 and lte 5000:
 *   (receiver = 2000 AND (token = 4000 AND ... OR token > 4000))   -- the lower edge
 *   OR (receiver > 2000 AND receiver < 3000)                          -- the middle
 *   OR (receiver = 3000 AND (token < 5000 OR ...))                    -- the upper edge
 * A column with an `eq` filter narrows the middle too. Bounds are changed on the way, as there
 * (the same bound may be passed twice: the airdrops listing does when only `token.id` is given).
 */
function javaBoundsCondition(bounds: readonly JavaBound[]): Condition {
  return boundsCondition(bounds, AS_IS);
}

function boundsCondition(bounds: readonly JavaBound[], sql: ColumnSql, lowerProcessed = false, upperProcessed = false): Condition {
  if (bounds.length === 0) return null;
  const primary = bounds[0]!;
  if (bounds.length === 1) return boundCondition(primary, sql);
  const secondaries = bounds.slice(1);
  if (!lowerProcessed) for (const bound of secondaries) bound.adjustUpperRange();
  // The lower edge first: it may rewrite the primary bound, which the middle and upper edge then read.
  const lower = outerCondition(primary, secondaries, sql, false, lowerProcessed);
  const middle = middleCondition(primary, secondaries, sql);
  const upper = outerCondition(primary, secondaries, sql, true, upperProcessed);
  return or(or(lower, middle), upper);
}

function outerCondition(primary: JavaBound, secondaries: readonly JavaBound[], sql: ColumnSql, isUpper: boolean, processed: boolean): Condition {
  const edge = primaryEdge(primary, sql, isUpper);
  if (edge === null) return null;
  const inner = processed ? secondaries : secondaries.map((bound) => (isUpper ? bound.toUpper() : bound.toLower()));
  return and(edge, boundsCondition(inner, sql, true, isUpper));
}

/** `primary = <its inclusive lower (upper) value>`, or nothing when that side is absent or an equality. */
function primaryEdge(primary: JavaBound, sql: ColumnSql, isUpper: boolean): Condition {
  const param = isUpper ? primary.upper : primary.adjustLowerRange();
  if (param === null || param.operator === 'eq') return null;
  return compare(sql(primary.column), 'eq', primary.inclusiveValue(isUpper));
}

function middleCondition(primary: JavaBound, secondaries: readonly JavaBound[], sql: ColumnSql): Condition {
  const { lower, upper } = primary;
  let condition = and(primaryMiddle(lower, sql(primary.column), 'gt'), primaryMiddle(upper, sql(primary.column), 'lt'));
  for (const bound of secondaries) {
    if ([lower, upper, bound.upper, bound.lower].some((param) => param?.operator === 'eq')) condition = and(condition, boundCondition(bound, sql));
  }
  return condition;
}

/** The primary column strictly inside its bounds (an inclusive filter made strict), or at its `eq` value. */
function primaryMiddle(param: RangeParam | null, column: string, strict: 'gt' | 'lt'): Condition {
  if (param === null) return null;
  if (param.operator === 'gte' || param.operator === 'lte') return compare(column, strict, param.value);
  return compare(column, param.operator, param.value);
}

/**
 * The primary column's range that javaBoundsCondition implies, as plain comparisons an index can
 * seek by (the condition's ORs it cannot): every row the condition keeps lies in it. Read before
 * javaBoundsCondition changes the bounds; nothing when the bounds cross, where the condition's
 * edges may lie outside them.
 */
function javaSeekRange(primary: JavaBound | undefined): Condition {
  if (!primary || primary.adjustedLower() > primary.adjustedUpper()) return null;
  const lower = primary.lower ? compare(primary.column, 'gte', primary.adjustedLower()) : null;
  const upper = primary.upper ? compare(primary.column, 'lte', primary.adjustedUpper()) : null;
  return and(lower, upper);
}
