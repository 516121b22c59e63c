import type { FilterOperator } from '../http/filter-operator.ts';
import type { JsonValue, Parameter, Schema } from './openapi-types.ts';

/**
 * Value patterns as the params modules check them (main/mirror/query/param-values.ts and the
 * per-resource *-params.ts), without anchors so they can be combined with an operator prefix.
 */
export const VALUE = {
  entityId: String.raw`(?:(?:\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19})`,
  evmAddress: String.raw`(?:0x)?[0-9A-Fa-f]{40}`,
  /** An EVM address that may carry a `shard.realm.` prefix. */
  evmAddressWithPrefix: String.raw`(?:(?:0x)|(?:\d{1,4}\.)?\d{1,5}\.)?[0-9A-Fa-f]{40}`,
  timestamp: String.raw`\d{1,10}(?:\.\d{1,9})?`,
  long: String.raw`\d{1,19}`,
  publicKey: String.raw`(?:0x)?(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{66}|[0-9A-Fa-f]{88})`,
  hash32or48: String.raw`(?:0x)?(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})`,
  /** A token id: an entity id, or a long-zero EVM address (other addresses are no token). */
  tokenId: String.raw`(?:(?:\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19}|(?:(?:0x)|(?:\d{1,4}\.)?\d{1,5}\.)?0{24}[0-9A-Fa-f]{16})`,
  /** An account in a path: entity id, base32 alias (optional shard.realm.) or EVM address. */
  accountPath: String.raw`(?:(?:\d{1,4}\.)?\d{1,5}\.\d{1,12}|-?\d{1,19}|(?:\d{1,4}\.)?(?:\d{1,5}\.)?[A-Z2-7]+|(?:(?:0x)|(?:\d{1,4}\.)?\d{1,5}\.)?[0-9A-Fa-f]{40})`,
} as const;

export const ALL_OPERATORS: readonly FilterOperator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];
export const NO_NE: readonly FilterOperator[] = ['eq', 'lt', 'lte', 'gt', 'gte'];
export const EQ_ONLY: readonly FilterOperator[] = ['eq'];

/** `^(?:(?:eq|gt):)?value$`: the prefix is optional because a bare value means `eq`. */
export function operatorPattern(value: string, operators: readonly FilterOperator[]): string {
  return `^(?:(?:${operators.join('|')}):)?(?:${value})$`;
}

export interface FilterSpec {
  name: string;
  description: string;
  /** Unanchored regular expression of the value after the operator. */
  value: string;
  operators: readonly FilterOperator[];
  example: string;
  /** Whether the parameter may be given more than once (most filters may). */
  repeatable?: boolean;
  requires?: string[];
}

const OPERATOR_NOTE: Record<string, string> = {
  eq: 'Only equality (`eq:` or no prefix).',
};

/**
 * A filter parameter: `name=op:value`, repeatable as `name=gt:a&name=lt:b`. Documented as a
 * form-exploded array of strings so that OpenAPI tools send repetitions the way the API reads them.
 */
export function filterParam(spec: FilterSpec): Parameter {
  const ops = spec.operators.length === 1 ? OPERATOR_NOTE.eq! : `Operators: ${spec.operators.map((o) => `\`${o}:\``).join(', ')} (no prefix means \`eq\`).`;
  const item: Schema = { type: 'string', pattern: operatorPattern(spec.value, spec.operators) };
  const repeatable = spec.repeatable !== false;
  return {
    name: spec.name,
    in: 'query',
    description: `${spec.description} ${ops}${repeatable ? ' May be repeated.' : ''}`,
    required: false,
    style: 'form',
    explode: true,
    schema: repeatable ? { type: 'array', items: item } : item,
    example: repeatable ? [spec.example] : spec.example,
    ...(spec.requires ? { 'x-requires': spec.requires } : {}),
  };
}

/** A single-valued parameter with a plain schema (flags, enumerations). */
export function plainParam(name: string, description: string, schema: Schema, example: JsonValue): Parameter {
  return { name, in: 'query', description, required: false, schema, example };
}

export function booleanParam(name: string, description: string, fallback: boolean): Parameter {
  return plainParam(name, `${description} Case-insensitive \`true\` or \`false\`.`, { type: 'boolean', default: fallback }, !fallback);
}

export function pathParam(name: string, description: string, pattern: string, example: string): Parameter {
  return { name, in: 'path', description, required: true, schema: { type: 'string', pattern: `^(?:${pattern})$` }, example };
}

/** `timestamp` filters in `seconds[.nanoseconds]`. */
export function timestampFilter(description: string, operators: readonly FilterOperator[] = ALL_OPERATORS): Parameter {
  return filterParam({ name: 'timestamp', description, value: VALUE.timestamp, operators, example: '1700000000.000000000' });
}
