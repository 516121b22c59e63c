/** Comparison operators of mirror API filters (`account.id=gte:0.0.5`). */
export type FilterOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';

export interface Filter<T> {
  operator: FilterOperator;
  value: T;
}

export const SQL_OPERATOR: Record<FilterOperator, string> = {
  eq: '=',
  ne: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

const OPERATOR_PREFIX = /^(eq|ne|lte?|gte?):(.*)$/s;

/**
 * Splits `op:value`; no prefix means `eq`. Returns null when the text has a colon but not a
 * known lower-case operator before it, as the reference rejects those.
 */
export function splitOperator(text: string): { operator: FilterOperator; rest: string } | null {
  const match = OPERATOR_PREFIX.exec(text);
  if (match) {
    const rest = match[2]!;
    return rest.includes(':') ? null : { operator: match[1] as FilterOperator, rest };
  }
  return text.includes(':') ? null : { operator: 'eq', rest: text };
}
