import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { JavaBound } from '../../../main/mirror/query/java-bound.ts';
import { javaBoundsWhere } from '../../../main/mirror/query/java-bound-sql.ts';
import { javaNextLink, type JavaPage } from '../../../main/mirror/query/java-next-link.ts';
import {
  arrayTexts, directionParam, intParam, parseJavaAccountParam, parseJavaEntityId, parseJavaEntityNum, parseJavaInt, parseJavaTimestamp,
} from '../../../main/mirror/query/java-params.ts';

// The pieces that let the routes the reference serves from its Java module (rest-java) answer as
// it does: Spring's conversions, its Bound and JooqRepository conditions, its LinkFactoryImpl.
const query = (text: string) => parseQueryString(text, 100);
type Op = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'ne';
const bound = (name: string, primary: boolean, ...filters: Array<[Op, bigint]>) =>
  new JavaBound(filters.map(([operator, value]) => ({ operator, value })), primary, name, name);

describe('Spring conversions of query and path values', () => {
  it('reads an int as Spring does: whitespace dropped, hex taken, past the int range refused', () => {
    expect([' 5 ', '+7', '007', '0x10', '#10', '-0x2', '2147483647'].map(parseJavaInt)).toEqual([5, 7, 7, 16, 16, -2, 2147483647]);
    expect(['2147483648', 'a', '1.5', '', '+0x1', 'eq:5'].map(parseJavaInt)).toEqual([null, null, null, null, null, null]);
    expect(intParam(query('limit='), 'limit', 25)).toEqual({ ok: true, value: 25 });
    expect(intParam(query('limit=3&limit=9'), 'limit', 25)).toEqual({ ok: true, value: 3 });
  });

  it('reads a sort direction leniently, as Spring Boot converts enums', () => {
    for (const text of ['asc', 'ASC', ' Asc ', 'a-s-c']) expect(directionParam(query(`order=${text}`), 'order', 'desc')).toEqual({ ok: true, value: 'asc' });
    for (const text of ['ascending', 'dsc', 'eq:asc']) expect(directionParam(query(`order=${text}`), 'order', 'asc').ok).toBe(false);
  });

  it('splits a single value of a list parameter at commas, and takes repeated values as they are', () => {
    expect(arrayTexts(query('token.id=gte:1, lte:5'), 'token.id')).toEqual(['gte:1', 'lte:5']);
    expect(arrayTexts(query('token.id=gte:1&token.id=lte:5'), 'token.id')).toEqual(['gte:1', 'lte:5']);
    expect(arrayTexts(query('token.id='), 'token.id')).toEqual([]);
    expect(arrayTexts(query('limit=1'), 'token.id')).toBeUndefined();
  });

  it('reads entity ids of range filters as num, realm.num or shard.realm.num within their ranges', () => {
    expect(['5', '0.5', '0.0.5', '+5', '0.0.274877906943'].map((text) => parseJavaEntityId(text, 0, 0))).toEqual([5n, 5n, 5n, 5n, 274877906943n]);
    for (const text of ['abc', 'a.b.c', '0.0.', '0.65537.1001', '0.0.-1001', '9223372036854775807', '0x0000000000000000000000000000000000000001', '1.2.3.4']) {
      expect(parseJavaEntityId(text, 0, 0), text).toBeNull();
    }
  });

  it('reads a path account id, looking up every EVM address, and a topic id as a num only', () => {
    expect(parseJavaAccountParam('0.0.1001', 0, 0)).toEqual({ kind: 'id', id: 1001n });
    expect(parseJavaAccountParam('0x00000000000000000000000000000000000003e9', 0, 0)?.kind).toBe('evm');
    expect(parseJavaAccountParam('KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ', 0, 0)?.kind).toBe('alias');
    expect(parseJavaAccountParam('abc', 0, 0)).toBeNull();
    expect(['1000', '0.1000', '0.0.1000'].map((text) => parseJavaEntityNum(text, 0, 0))).toEqual([1000n, 1000n, 1000n]);
    for (const text of ['AABBCC22', ' 0.0.1 ', '0.0.0.2', '-1', '000000000000000000000000000000000186Fb1b', '9223372036854775807']) {
      expect(parseJavaEntityNum(text, 0, 0), text).toBeNull();
    }
  });

  it('reads timestamps as TimestampParameter does, its nanos digits a count of nanoseconds', () => {
    expect(parseJavaTimestamp('lte:1.000000010')).toEqual({ operator: 'lte', value: 1_000_000_010n });
    expect(parseJavaTimestamp('GT:2.5')).toEqual({ operator: 'gt', value: 2_000_000_005n });
    expect(parseJavaTimestamp('ne:1')).toBeNull();
    expect(parseJavaTimestamp('99999999999999999')).toBeNull();
  });
});

describe('the Java module\'s bound conditions (JooqRepository.getBoundConditions)', () => {
  // Read through an index led by the primary column: the seek range of its bounds, then the reference's condition.
  const RECEIVER_2000_3000 = '(receiver >= ? AND receiver <= ?)';

  it('builds the lower edge, middle and upper edge the reference documents', () => {
    const condition = javaBoundsWhere([
      bound('receiver', true, ['gte', 2000n], ['lte', 3000n]), bound('token', false, ['gte', 4000n], ['lte', 5000n]), bound('serial', false, ['gte', 5n], ['lte', 100n]),
    ], 'receiver');
    expect(condition).toEqual({
      sql: `(${RECEIVER_2000_3000} AND (((receiver = ? AND ((token = ? AND serial >= ?) OR token > ?)) OR (receiver > ? AND receiver < ?)) OR (receiver = ? AND (token < ? OR (token = ? AND serial <= ?)))))`,
      params: [2000, 3000, 2000, 4000, 5, 4000, 2000, 3000, 3000, 5000, 5000, 100],
    });
  });

  it('narrows the middle by the equalities of later columns', () => {
    const condition = javaBoundsWhere([bound('receiver', true, ['gte', 2000n], ['lte', 3000n]), bound('token', false, ['eq', 4000n]), bound('serial', false, ['eq', 5n])], 'receiver');
    expect(condition?.sql).toContain('((receiver > ? AND receiver < ?) AND (token = ? AND token = ?)) AND (serial = ? AND serial = ?)');
  });

  it('reads a primary range of one value as an equality, the later columns then bounded on both sides', () => {
    // The lower edge rewrites the bound before the middle reads it, as there: in the other order nothing would match.
    const condition = javaBoundsWhere([bound('receiver', true, ['gte', 5n], ['lte', 5n]), bound('token', false, ['gte', 1n], ['lte', 9n])], 'receiver');
    expect(condition).toEqual({ sql: '((receiver >= ? AND receiver <= ?) AND (receiver = ? AND (token >= ? AND token <= ?)))', params: [5, 5, 5, 1, 9] });
  });

  it('refuses a primary range that lets nothing through, and seeks only by bounds that do not cross', () => {
    expect(() => bound('receiver.id', true, ['gt', 5n], ['lt', 5n])).toThrow('Invalid range provided for receiver.id');
    // The seek range takes the inclusive values: gt 5 seeks from 6.
    expect(javaBoundsWhere([bound('r', true, ['gt', 5n], ['lte', 9n])], 'r')).toEqual({ sql: '((r >= ? AND r <= ?) AND (r > ? AND r <= ?))', params: [6, 9, 5, 9] });
    expect(javaBoundsWhere([bound('t', false, ['gt', 10n], ['lt', 5n])], 't')).toEqual({ sql: '(t > ? AND t < ?)', params: [10, 5] });
  });

  it('only filters, by columns SQLite neither seeks nor sorts by, when the primary column does not lead the index', () => {
    const condition = javaBoundsWhere([bound('receiver', true, ['gte', 5n], ['lte', 5n]), bound('token', false, ['gte', 1n], ['lte', 9n])], 'sender');
    expect(condition).toEqual({ sql: '(+receiver = ? AND (+token >= ? AND +token <= ?))', params: [5, 1, 9] });
  });
});

describe('the Java module\'s next links (LinkFactoryImpl)', () => {
  const page = (overrides: Partial<JavaPage>): JavaPage => ({
    count: 1, limit: 1, order: 'asc', sort: ['account.id', 'token.id'], last: { 'account.id': '0.0.7', 'token.id': '0.0.9' }, ...overrides,
  });

  it('keeps the request\'s keys in order, drops bounds on the paging side and appends the last row\'s values', () => {
    expect(javaNextLink('/p', query('limit=1&account.id=gte:0.0.1&account.id=lt:0.0.20&foo=1'), page({})))
      .toBe('/p?limit=1&account.id=lt:0.0.20&account.id=gte:0.0.7&token.id=gt:0.0.9');
    expect(javaNextLink('/p', query('order=desc&limit=1'), page({ order: 'desc' }))).toBe('/p?order=desc&limit=1&account.id=lte:0.0.7&token.id=lt:0.0.9');
  });

  it('skips a key fixed by an equality, making the key before it strict, and moves a key whose bounds all go to the end', () => {
    expect(javaNextLink('/p', query('limit=2&account.id=gte:0.0.1&token.id=0.0.9'), page({ count: 2, limit: 2 })))
      .toBe('/p?limit=2&token.id=0.0.9&account.id=gt:0.0.7');
  });

  it('gives none after a short page, or when the first key\'s plain-number bounds leave nothing', () => {
    expect(javaNextLink('/p', query('limit=2'), page({ limit: 2 }))).toBeNull();
    expect(javaNextLink('/p', query('limit=1&hook.id=gt:3&hook.id=lt:5'), page({ sort: ['hook.id'], last: { 'hook.id': '4' } }))).toBeNull();
    expect(javaNextLink('/p', query('limit=1&hook.id=lt:9'), page({ sort: ['hook.id'], last: { 'hook.id': '4' } }))).toBe('/p?limit=1&hook.id=lt:9&hook.id=gt:4');
  });

  it('percent-encodes what a query may not hold, and leaves out values with control characters', () => {
    expect(javaNextLink('/p', query('limit=1&order=a%20b&type=%00x'), page({}))).toBe('/p?limit=1&order=a%20b&account.id=gte:0.0.7&token.id=gt:0.0.9');
  });
});
