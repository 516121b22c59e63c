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
  /** How often the parameter may be given; `any` (most filters) unless said. */
  repeat?: Repeat;
  /** The most values the route takes (Spring's `@Size(max = n)`), where it has such a limit. */
  maxValues?: number;
  requires?: string[];
}

/**
 * How a filter may be repeated, as its route checks it: `any` number of times (up to the
 * configured repeat limit, or `maxValues`); `once` (a plain, single-valued schema); `range`:
 * one equality, or at most one lower and one upper bound (the reference's Node.js module's
 * rule for the columns it pages or bounds); `eqAlone`: an equality only by itself, else up to
 * `maxValues` range bounds.
 */
export type Repeat = 'any' | 'once' | 'range' | 'eqAlone';

/** What the description says of each way of repeating (`x-repeat` says it to tools and tests). */
const REPEAT_NOTE: Record<Repeat, string> = {
  any: 'May be repeated.',
  // A single value is what the plain schema says; routes differ on a second one (refused, or the last wins).
  once: '',
  range: 'At most one equality, or one lower (`gt:`, `gte:`) and one upper (`lt:`, `lte:`) bound; not both.',
  eqAlone: 'An equality only by itself; range bounds may be repeated.',
};

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
  const repeat = spec.repeat ?? 'any';
  const maxItems = repeat === 'range' ? 2 : spec.maxValues;
  const limit = maxItems === undefined || repeat === 'range' ? '' : `At most ${maxItems} values.`;
  const single = repeat === 'once';
  return {
    name: spec.name,
    in: 'query',
    description: [spec.description, ops, REPEAT_NOTE[repeat], limit].filter(Boolean).join(' '),
    required: false,
    style: 'form',
    explode: true,
    schema: single ? item : { type: 'array', items: item, ...(maxItems === undefined ? {} : { maxItems }) },
    example: single ? spec.example : [spec.example],
    ...(repeat === 'range' || repeat === 'eqAlone' ? { 'x-repeat': repeat } : {}),
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
export function timestampFilter(description: string, operators: readonly FilterOperator[] = ALL_OPERATORS, repeat: Pick<FilterSpec, 'repeat' | 'maxValues'> = {}): Parameter {
  return filterParam({ name: 'timestamp', description, value: VALUE.timestamp, operators, example: '1700000000.000000000', ...repeat });
}
