import { SQL_OPERATOR, type Filter } from '../http/filter-operator.ts';
import type { SqlParam } from './sql-statement.ts';

/** Appends one `column <op> ?` condition per filter, all ANDed by the caller, and binds each value. */
export function addComparisons<T, P extends SqlParam>(
  where: string[],
  params: P[],
  column: string,
  filters: readonly Filter<T>[],
  bind: (value: T) => P,
): void {
  for (const filter of filters) {
    where.push(`${column} ${SQL_OPERATOR[filter.operator]} ?`);
    params.push(bind(filter.value));
  }
}

/**
 * Appends the conditions of a column's filters: its equalities as one `column IN (...)` (a
 * repeated `eq` means any of those values), then one comparison per other filter, as
 * addComparisons does.
 */
export function addFilterConditions<T, P extends SqlParam>(
  where: string[],
  params: P[],
  column: string,
  filters: readonly Filter<T>[],
  bind: (value: T) => P,
): void {
  const equal = filters.filter((f) => f.operator === 'eq');
  if (equal.length > 0) {
    where.push(`${column} IN (${equal.map(() => '?').join(', ')})`);
    params.push(...equal.map((f) => bind(f.value)));
  }
  addComparisons(where, params, column, filters.filter((f) => f.operator !== 'eq'), bind);
}
