import { decodeAliasStrict, findByAlias, findByEvmAddress } from '../accounts/account-path-id.ts';
import { encodeEntityId } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import type { SqliteDatabase } from '../store/ledger-store.ts';
import { MAX_LONG, MIN_LONG } from './param-values.ts';
import { JAVA_DEFAULT_LIMIT } from './java-limits.ts';
import { failedToConvert } from './java-error.ts';
import type { GetOutcome } from './mirror-get.ts';
import type { SortOrder } from './query-filters.ts';

/**
 * Query and path values read the way the reference's Java module (Spring MVC) reads them, for
 * the routes it serves. Spring binds declared parameters only: an undeclared key is ignored, not
 * refused. A value it cannot convert to its parameter's type is a 400 naming the parameter
 * (failedToConvert); an empty value of a parameter with a default takes the default.
 */
export type Converted<T> = { ok: true; value: T } | { ok: false; error: GetOutcome };

const converted = <T>(value: T): Converted<T> => ({ ok: true, value });
const failed = <T>(name: string): Converted<T> => ({ ok: false, error: failedToConvert(name) });

export type RangeOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'ne';

/** One `op:value` of a range parameter (EntityIdRangeParameter, NumberRangeParameter): no operator is `eq`. */
export interface RangeParam {
  operator: RangeOperator;
  value: bigint;
}

const MAX_INT = 2 ** 31 - 1;

/** Java's Long.parseLong: an optional sign and decimal digits, within a long. */
export function parseJavaLong(text: string): bigint | null {
  if (!/^[+-]?\d+$/.test(text)) return null;
  const value = BigInt(text);
  return value < MIN_LONG || value > MAX_LONG ? null : value;
}

/** Spring's text-to-int conversion: whitespace anywhere dropped, decimal or `0x`/`#` hex, within an int. */
export function parseJavaInt(text: string): number | null {
  const trimmed = text.replace(/\s/g, '');
  const hex = /^(-?)(?:0x|0X|#)([0-9a-fA-F]+)$/.exec(trimmed);
  const decimal = /^([+-]?)(\d+)$/.exec(trimmed);
  const match = hex ?? decimal;
  if (!match) return null;
  const magnitude = hex ? BigInt(`0x${hex[2]}`) : BigInt(decimal![2]!);
  const value = match[1] === '-' ? -magnitude : magnitude;
  return value < -BigInt(MAX_INT) - 1n || value > BigInt(MAX_INT) ? null : Number(value);
}

/** Spring Boot's lenient enum conversion of Sort.Direction: case, spacing and punctuation do not matter. */
function parseDirection(text: string): SortOrder | null {
  const canonical = text.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
  return canonical === 'asc' || canonical === 'desc' ? canonical : null;
}

/** Spring's text-to-boolean conversion. */
function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(value)) return true;
  if (['false', 'off', 'no', '0'].includes(value)) return false;
  return null;
}

/** The text a single-valued parameter binds: the first value given; none, or an empty one, takes the default. */
function scalarText(raw: ParsedQuery, name: string): string | undefined {
  const first = raw.get(name)?.[0];
  return first === undefined || first === '' ? undefined : first;
}

/** An `int` parameter with a default (`limit`): its bounds are checked afterwards, with the other constraints. */
export function intParam(raw: ParsedQuery, name: string, fallback: number): Converted<number> {
  const text = scalarText(raw, name);
  if (text === undefined) return converted(fallback);
  const value = parseJavaInt(text);
  return value === null ? failed(name) : converted(value);
}

/** A Sort.Direction parameter (`order`). */
export function directionParam(raw: ParsedQuery, name: string, fallback: SortOrder): Converted<SortOrder> {
  const text = scalarText(raw, name);
  if (text === undefined) return converted(fallback);
  const value = parseDirection(text);
  return value === null ? failed(name) : converted(value);
}

/**
 * A listing's page: `limit` (default 25; its bounds are checked with the other constraints) then
 * `order`, converted in that order as every Java listing controller binds them, the first
 * failure being the answer.
 */
export function pageParams(raw: ParsedQuery, defaultOrder: SortOrder): Converted<{ limit: number; order: SortOrder }> {
  const limit = intParam(raw, 'limit', JAVA_DEFAULT_LIMIT);
  if (!limit.ok) return limit;
  const order = directionParam(raw, 'order', defaultOrder);
  if (!order.ok) return order;
  return converted({ limit: limit.value, order: order.value });
}

/** A `boolean` parameter with a default (`owner`). */
export function booleanParam(raw: ParsedQuery, name: string, fallback: boolean): Converted<boolean> {
  const text = scalarText(raw, name);
  if (text === undefined || text.trim() === '') return converted(fallback);
  const value = parseBoolean(text);
  return value === null ? failed(name) : converted(value);
}

/**
 * The values an array or list parameter binds: every value given; a single one is split at
 * commas and each part trimmed (Spring's text-to-array conversion). Undefined when absent.
 */
export function arrayTexts(raw: ParsedQuery, name: string): string[] | undefined {
  const values = raw.get(name);
  if (!values) return undefined;
  if (values.length > 1) return values;
  return values[0] === '' ? [] : values[0]!.split(',').map((part) => part.trim());
}

/** Java's String.split(":"): trailing empty parts are dropped. */
function splitColons(text: string): string[] {
  const parts = text.split(':');
  while (parts.length > 0 && parts.at(-1) === '') parts.pop();
  return parts;
}

function parseOperator(text: string): RangeOperator | null {
  const operator = text.toLowerCase();
  return ['eq', 'gt', 'gte', 'lt', 'lte', 'ne'].includes(operator) ? (operator as RangeOperator) : null;
}

/** `op:value` or `value`, the value read by `parse`; null when it is neither. */
function parseRange(text: string, parse: (value: string) => bigint | null): RangeParam | null {
  const parts = splitColons(text);
  if (parts.length !== 1 && parts.length !== 2) return null;
  const operator = parts.length === 1 ? 'eq' : parseOperator(parts[0]!);
  const value = parse(parts.at(-1)!);
  return operator === null || value === null ? null : { operator, value };
}

/**
 * An entity id as EntityIdRangeParameter reads it: `num`, `realm.num` or `shard.realm.num`
 * (no EVM address), each part a non-negative long, the whole within the id's ranges.
 */
export function parseJavaEntityId(text: string, shard: number, realm: number): bigint | null {
  const parts = text.split('.').map(parseJavaLong);
  if (parts.length > 3 || parts.some((part) => part === null || part < 0n)) return null;
  const [s, r, n] = parts.length === 3 ? parts : parts.length === 2 ? [BigInt(shard), ...parts] : [BigInt(shard), BigInt(realm), ...parts];
  return encodeEntityId(s!, r!, n!);
}

/** A non-negative long, as NumberRangeParameter reads its value. */
const parseJavaNumber = (text: string): bigint | null => {
  const value = parseJavaLong(text);
  return value !== null && value >= 0n ? value : null;
};

/** An array parameter of ranges (`receiver.id`, `serialnumber`, `hook.id`): the filters given, blank ones left out. */
function rangeArrayParam(raw: ParsedQuery, name: string, parse: (text: string) => RangeParam | null): Converted<RangeParam[] | undefined> {
  const texts = arrayTexts(raw, name);
  if (texts === undefined) return converted(undefined);
  const params: RangeParam[] = [];
  for (const text of texts) {
    // A blank value binds nothing (Spring's conversion of an empty element).
    if (text.trim() === '') continue;
    const param = parse(text);
    if (param === null) return failed(name);
    params.push(param);
  }
  return converted(params);
}

/** An EntityIdRangeParameter[] parameter (`receiver.id`, `token.id`, `account.id`). */
export function entityIdRangesParam(raw: ParsedQuery, name: string, shard: number, realm: number): Converted<RangeParam[] | undefined> {
  return rangeArrayParam(raw, name, (text) => parseRange(text, (value) => parseJavaEntityId(value, shard, realm)));
}

/** A NumberRangeParameter[] parameter (`serialnumber`, `hook.id`). */
export function numberRangesParam(raw: ParsedQuery, name: string): Converted<RangeParam[] | undefined> {
  return rangeArrayParam(raw, name, (text) => parseRange(text, parseJavaNumber));
}

/** How many values an array parameter bound, for its `@Size` check (after conversion, as there). */
export const boundCount = (raw: ParsedQuery, name: string): number => arrayTexts(raw, name)?.length ?? 0;

/** The account a `{id}` path segment names: an id as given, or an alias or EVM address still to be looked up. */
export type JavaAccountParam = { kind: 'id'; id: bigint } | { kind: 'evm'; address: Buffer } | { kind: 'alias'; alias: Buffer };

const ACCOUNT_NUM = /^(?:(\d{1,4})\.)?(?:(\d{1,5})\.)?(\d{1,12})$/;
const ACCOUNT_EVM = /^(?:(?:\d{1,5}\.)?(?:\d{1,5}\.)?|0x)?([0-9A-Fa-f]{40})$/;
const ACCOUNT_ALIAS = /^(?:\d{1,5}\.)?(?:\d{1,5}\.)?([A-Z2-7]+)$/;

/**
 * EntityIdParameter: a `[shard.][realm.]num` id, else a 40-hex EVM address (`0x` or a
 * `shard.realm.` prefix allowed), else a base32 alias. Every EVM address is looked up, a long-zero
 * one too, as there. Null: no such format, which the route answers "Failed to convert".
 */
export function parseJavaAccountParam(text: string, shard: number, realm: number): JavaAccountParam | null {
  const num = ACCOUNT_NUM.exec(text);
  if (num) {
    const [given, first, second] = [num[3]!, num[1], num[2]];
    const [s, r] = first !== undefined && second !== undefined ? [first, second] : [shard, first ?? second ?? realm];
    const id = encodeEntityId(BigInt(s), BigInt(r), BigInt(given));
    return id === null ? null : { kind: 'id', id };
  }
  const evm = ACCOUNT_EVM.exec(text);
  if (evm) return { kind: 'evm', address: Buffer.from(evm[1]!, 'hex') };
  const alias = ACCOUNT_ALIAS.exec(text);
  const bytes = alias ? decodeAliasStrict(alias[1]!) : null;
  return bytes ? { kind: 'alias', alias: bytes } : null;
}

/** The account's id (EntityService.lookup), or null when no live account has the alias or address. */
export function lookupJavaAccount(db: SqliteDatabase, param: JavaAccountParam): bigint | null {
  if (param.kind === 'id') return param.id;
  return param.kind === 'evm' ? findByEvmAddress(db, param.address) : findByAlias(db, param.alias);
}

/** The `{id}` path segment converted, or the 400 naming it (`name` is the route's path variable). */
export function accountPathParam(text: string, name: string, shard: number, realm: number): Converted<JavaAccountParam> {
  const param = parseJavaAccountParam(text, shard, realm);
  return param === null ? failed(name) : converted(param);
}

/**
 * A `{id}` path segment read as EntityIdNumParameter (`[shard.][realm.]num` only), or null; the
 * topic route answers null "Invalid value for path variable".
 */
export function parseJavaEntityNum(text: string, shard: number, realm: number): bigint | null {
  const param = ACCOUNT_NUM.test(text) ? parseJavaAccountParam(text, shard, realm) : null;
  return param?.kind === 'id' ? param.id : null;
}

const JAVA_TIMESTAMP = /^(?:(eq|gt|gte|lt|lte|ne):)?(\d{1,17})(?:\.(\d{1,9}))?$/i;

/**
 * A TimestampParameter: `[op:]seconds[.nanos]`, `ne` refused. The nanos digits are read as a
 * number of nanoseconds, as there (`.5` is 5 ns, not half a second); past the long range refused.
 */
export function parseJavaTimestamp(text: string): RangeParam | null {
  const match = JAVA_TIMESTAMP.exec(text);
  if (!match) return null;
  const operator = (match[1]?.toLowerCase() ?? 'eq') as RangeOperator;
  const value = BigInt(match[2]!) * 1_000_000_000n + BigInt(match[3] ?? '0');
  return operator === 'ne' || value > MAX_LONG ? null : { operator, value };
}

/** A TimestampParameter[] parameter (`timestamp`). */
export function timestampRangesParam(raw: ParsedQuery, name: string): Converted<RangeParam[] | undefined> {
  return rangeArrayParam(raw, name, parseJavaTimestamp);
}

/** A `long` path variable (`hookId`). */
export function longPathParam(text: string, name: string): Converted<bigint> {
  const value = parseJavaLong(text);
  return value === null ? failed(name) : converted(value);
}

/** The request's values of the keys a route declares; Spring binds nothing else, so nothing else can be wrong. */
export function declaredOnly(raw: ParsedQuery, keys: readonly string[]): ParsedQuery {
  return new Map([...raw].filter(([key]) => keys.includes(key)));
}
