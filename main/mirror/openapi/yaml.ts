import type { JsonValue } from './openapi-types.ts';

/**
 * A YAML 1.2 emitter for JSON-compatible data (block style, two-space indents). Strings that
 * could read as anything but themselves (numbers, booleans, null, or text with YAML syntax)
 * are written as double-quoted scalars, whose escapes are a superset of JSON's; the
 * round-trip is checked against a real YAML parser in test/mirror/openapi/.
 */
export function toYaml(value: JsonValue): string {
  return `${block(value, 0)}\n`;
}

/** Plain scalars we allow: word-like text with no YAML indicators, spaces or colons. */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Words YAML 1.1 or 1.2 resolvers read as booleans or null. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;
/** Characters YAML wants escaped that JSON.stringify leaves raw: DEL, C1 controls, BOM, line/paragraph separators. */
const UNPRINTABLE = /[\u007f-\u009f\ufeff\u2028\u2029]/g;

export function scalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('YAML: only finite numbers are JSON-compatible');
    return JSON.stringify(value);
  }
  if (PLAIN.test(value) && !RESERVED.test(value)) return value;
  return JSON.stringify(value).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const isCollection = (value: JsonValue): value is JsonValue[] | { [key: string]: JsonValue } => typeof value === 'object' && value !== null;
const isEmpty = (value: JsonValue[] | { [key: string]: JsonValue }): boolean => (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);

/** `value` as lines indented by `indent` spaces (a scalar or empty collection as one line without indent). */
function block(value: JsonValue, indent: number): string {
  if (!isCollection(value)) return scalar(value);
  if (isEmpty(value)) return Array.isArray(value) ? '[]' : '{}';
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value.map((item) => {
      if (!isCollection(item) || isEmpty(item)) return `${pad}- ${block(item, 0)}`;
      // The item's block at indent + 2, its first line's indent replaced by the dash.
      const nested = block(item, indent + 2);
      return `${pad}- ${nested.slice(indent + 2)}`;
    }).join('\n');
  }
  return Object.entries(value).map(([key, item]) => {
    if (item === undefined) throw new Error(`YAML: undefined at key ${key}`);
    if (!isCollection(item) || isEmpty(item)) return `${pad}${scalar(key)}: ${block(item, 0)}`;
    return `${pad}${scalar(key)}:\n${block(item, indent + 2)}`;
  }).join('\n');
}
