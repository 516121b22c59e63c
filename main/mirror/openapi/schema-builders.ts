import { ref, type Ref, type Schema } from './openapi-types.ts';
import { VALUE } from './parameters.ts';

/** Short builders for response schemas, so each resource reads like its render-*.ts file. */
type Field = Schema | Ref;

const nullable = (schema: Schema, isNullable: boolean): Schema => (isNullable ? { ...schema, nullable: true } : schema);

export const entityId = (isNullable = true): Schema =>
  nullable({ type: 'string', pattern: String.raw`^\d{1,10}\.\d{1,10}\.\d{1,10}$`, example: '0.0.1001', description: 'shard.realm.num' }, isNullable);
export const timestamp = (isNullable = true): Schema =>
  nullable({ type: 'string', pattern: `^${VALUE.timestamp}$`, example: '1700000000.000000001', description: 'seconds.nanoseconds' }, isNullable);
export const evmAddress = (isNullable = true): Schema =>
  nullable({ type: 'string', pattern: '^0x[0-9a-f]{40}$', example: `0x${'0'.repeat(36)}03e9` }, isNullable);
export const hex = (isNullable = false): Schema => nullable({ type: 'string', pattern: '^0x[0-9a-fA-F]*$' }, isNullable);
export const base64 = (isNullable = false): Schema => nullable({ type: 'string', format: 'byte' }, isNullable);
export const str = (isNullable = false): Schema => nullable({ type: 'string' }, isNullable);
export const int64 = (isNullable = false): Schema => nullable({ type: 'integer', format: 'int64' }, isNullable);
export const int32 = (isNullable = false): Schema => nullable({ type: 'integer', format: 'int32' }, isNullable);
export const bool = (isNullable = false): Schema => nullable({ type: 'boolean' }, isNullable);
export const arrayOf = (items: Field): Schema => ({ type: 'array', items });
export const schemaRef = (name: string): Ref => ref('schemas', name);

/** An object whose listed fields are all present in every answer (nullable ones as null). */
export function object(properties: Record<string, Field>, optional: string[] = []): Schema {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) };
}

/** A list page: the items under `key` and `links.next`. */
export function page(key: string, item: string, extra: Record<string, Field> = {}): Schema {
  return object({ [key]: arrayOf(schemaRef(item)), ...extra, links: schemaRef('Links') });
}
