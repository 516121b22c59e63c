import type { OpenApiDocument, Ref, Schema } from '../../../main/mirror/openapi/openapi-types.ts';
import { resolveRef } from './openapi-fixture.ts';

/**
 * A small checker for the schema subset the document uses (type, nullable, required, properties,
 * additionalProperties, items, allOf, oneOf, enum, pattern): enough to hold real answers against
 * their documented shape. A key an object schema does not list is a mismatch unless the schema
 * says `additionalProperties: true`. Returns one line per mismatch, with the JSON path.
 */
export function schemaProblems(document: OpenApiDocument, schemaOrRef: Schema | Ref, value: unknown): string[] {
  // One line per kind of problem: array positions are folded into `[]`.
  return [...new Set(problemsAt(document, schemaOrRef, value, '$').map((line) => line.replace(/\[\d+\]/g, '[]')))];
}

function problemsAt(document: OpenApiDocument, schemaOrRef: Schema | Ref, value: unknown, at: string): string[] {
  const schema = resolveRef<Schema>(document, schemaOrRef);
  if (value === null) return schema.nullable || schema.allOf?.some((s) => resolveRef<Schema>(document, s).nullable) ? [] : [`${at}: null but not nullable`];
  if (schema.allOf) {
    const merged = schema.allOf.map((s) => resolveRef<Schema>(document, s));
    const properties = Object.assign({}, ...merged.map((s) => s.properties ?? {})) as Record<string, Schema | Ref>;
    const required = merged.flatMap((s) => s.required ?? []);
    return problemsAt(document, { type: 'object', properties, required }, value, at);
  }
  if (schema.oneOf) return schema.oneOf.some((s) => problemsAt(document, s, value, at).length === 0) ? [] : [`${at}: matches no oneOf branch`];
  const problems: string[] = [];
  const actual = Array.isArray(value) ? 'array' : typeof value;
  const expected = schema.type ?? 'object';
  const typeOk = expected === 'integer' ? Number.isInteger(value) : expected === 'number' ? actual === 'number' : actual === expected;
  if (!typeOk) return [`${at}: ${actual} (${JSON.stringify(value)?.slice(0, 60)}) where ${expected} is documented`];
  if (schema.enum && !schema.enum.includes(value as string)) problems.push(`${at}: ${String(value)} is not in the enum`);
  if (schema.pattern && typeof value === 'string' && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: "${value.slice(0, 60)}" misses ${schema.pattern}`);
  if (expected === 'array' && schema.items) (value as unknown[]).forEach((item, i) => problems.push(...problemsAt(document, schema.items!, item, `${at}[${i}]`)));
  if (expected === 'object' && (schema.properties || typeof schema.additionalProperties === 'object')) {
    const object = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    // A map (`additionalProperties` a schema): every value is checked against it.
    const others = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
    for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${at}.${key}: documented as required, missing`);
    for (const [key, item] of Object.entries(object)) {
      const property = properties[key] ?? others;
      if (property) problems.push(...problemsAt(document, property, item, `${at}.${key}`));
      else if (schema.additionalProperties !== true) problems.push(`${at}.${key}: not documented`);
    }
  }
  return problems;
}
