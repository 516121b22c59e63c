import { describe, expect, it } from 'vitest';
import { decodeAliasStrict } from '../../../main/mirror/accounts/account-path-id.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { nextPageLink } from '../../../main/mirror/query/next-link.ts';
import { Bound, boundParts, validateBounds } from '../../../main/mirror/query/paging-bounds.ts';
import { parseEntityIdParam, parseEntityRef, parsePositiveLong, parseTimestampParam } from '../../../main/mirror/query/param-values.ts';
import { LIMIT_RULE, limitOf, ORDER_RULE, orderOf, validateQuery } from '../../../main/mirror/query/query-filters.ts';
import { firstDayOfMonth, timestampBounds } from '../../../main/mirror/query/timestamp-range.ts';

const query = (text: string) => parseQueryString(text, 100);

describe('nextPageLink', () => {
  it('replaces the bound on the paging side and appends the anchor, as the reference does', () => {
    expect(nextPageLink('/p', query('token.id=gte:0.0.18&token.id=lt:0.0.500&limit=2'), [{ key: 'token.id', value: '0.0.40' }], 'desc', parseEntityIdParam))
      .toBe('/p?token.id=gte:0.0.18&token.id=lt:0.0.40&limit=2');
    expect(nextPageLink('/p', query('timestamp=gte:0&order=asc&limit=2'), [{ key: 'timestamp', value: '1.5' }], 'asc', parseTimestampParam))
      .toBe('/p?order=asc&limit=2&timestamp=gt:1.5');
  });

  it('keeps an equality as it is (the reference links to the same page) and marks inclusive anchors', () => {
    expect(nextPageLink('/p', query('spender.id=5001&limit=1'), [{ key: 'spender.id', value: '0.0.5001' }], 'asc', parseEntityIdParam))
      .toBe('/p?spender.id=5001&limit=1');
    expect(nextPageLink('/p', query('limit=3'), [{ key: 'a', value: '7', inclusive: true }, { key: 'b', value: '9' }], 'asc', parseEntityIdParam))
      .toBe('/p?limit=3&a=gte:7&b=gt:9');
  });

  it('gives no link when the bounds leave nothing', () => {
    expect(nextPageLink('/p', query('account.id=lt:0.0.5'), [{ key: 'account.id', value: '0.0.5' }], 'asc', parseEntityIdParam)).toBeNull();
  });
});

describe('two-column paging bounds', () => {
  const bounds = (primaryOps: Array<[string, bigint]>, secondaryOps: Array<[string, bigint]>) => {
    const primary = new Bound('token.id');
    const secondary = new Bound('serialnumber');
    for (const [operator, value] of primaryOps) primary.add({ key: 'token.id', operator: operator as 'eq', value });
    for (const [operator, value] of secondaryOps) secondary.add({ key: 'serialnumber', operator: operator as 'eq', value });
    return { primary, secondary };
  };

  it('splits a range over both columns into first, middle and last primary values', () => {
    const { primary, secondary } = bounds([['gte', 10n], ['lte', 20n]], [['gt', 3n], ['lt', 8n]]);
    expect(boundParts(primary, secondary)).toEqual([
      [{ key: 'token.id', operator: 'eq', value: 10n }, { key: 'serialnumber', operator: 'gt', value: 3n }, { key: 'token.id', operator: 'lte', value: 20n }],
      [{ key: 'token.id', operator: 'gt', value: 10n }, { key: 'token.id', operator: 'lt', value: 20n }],
      [{ key: 'token.id', operator: 'eq', value: 20n }, { key: 'serialnumber', operator: 'lt', value: 8n }, { key: 'token.id', operator: 'gte', value: 10n }],
    ]);
  });

  it('keeps both secondary bounds on a range of one primary value, as a next link ending on it writes', () => {
    const { primary, secondary } = bounds([['gte', 10n], ['lte', 10n]], [['gte', 3n], ['lt', 8n]]);
    expect(boundParts(primary, secondary)).toEqual([
      [{ key: 'token.id', operator: 'eq', value: 10n }, { key: 'serialnumber', operator: 'gte', value: 3n }, { key: 'serialnumber', operator: 'lt', value: 8n }],
    ]);
  });

  it('gives every part of an inverted primary range a contradiction, so it matches nothing', () => {
    const { primary, secondary } = bounds([['gte', 20n], ['lte', 10n]], [['gte', 3n], ['lt', 8n]]);
    const parts = boundParts(primary, secondary);
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      const tokens = part.filter((f) => f.key === 'token.id');
      const low = tokens.filter((f) => f.operator === 'eq' || f.operator.startsWith('gt')).map((f) => f.value);
      const high = tokens.filter((f) => f.operator === 'eq' || f.operator.startsWith('lt')).map((f) => f.value);
      expect(low.some((l) => high.some((h) => l > h || (l === h && tokens.some((f) => f.value === l && (f.operator === 'gt' || f.operator === 'lt'))))), JSON.stringify(part, (_, v) => (typeof v === 'bigint' ? Number(v) : v))).toBe(true);
    }
  });

  it('refuses the combinations the reference refuses, with its messages', () => {
    expect(new Bound('token.id').add({ key: 'token.id', operator: 'ne', value: 1n })).toBe('Not equal (ne) operator is not supported for token.id');
    const twice = new Bound('token.id');
    twice.add({ key: 'token.id', operator: 'eq', value: 1n });
    expect(twice.add({ key: 'token.id', operator: 'eq', value: 2n })).toBe('Only one equal (eq) operator is allowed for token.id');
    const serialOnly = bounds([], [['eq', 1n]]);
    expect(validateBounds(serialOnly.primary, serialOnly.secondary)).toBe('serialnumber without a token.id parameter filter');
    const gtWithLower = bounds([['gt', 1n]], [['gt', 1n]]);
    expect(validateBounds(gtWithLower.primary, gtWithLower.secondary)).toBe('token.id must have gte or eq operator');
  });
});

describe('parameter values', () => {
  it('reads entity ids in every notation, long-zero addresses as ids, other addresses only where allowed', () => {
    expect(parseEntityRef('0.0.5')).toEqual({ kind: 'id', id: 5n });
    expect(parseEntityRef('1.5')).toEqual({ kind: 'id', id: (1n << 38n) + 5n });
    expect(parseEntityRef('0x0000000000000000000000000000000000000065', 'num-alias')).toEqual({ kind: 'id', id: 101n });
    expect(parseEntityRef('0.0.00000000000000000000000000000000000000C9', 'num-alias')).toEqual({ kind: 'id', id: 201n });
    expect(parseEntityRef('06bd279138d5918402fc8ad500526cb2ee0eb985', 'num-alias')).toBeNull();
    expect(parseEntityRef('06bd279138d5918402fc8ad500526cb2ee0eb985', 'any')?.kind).toBe('evm');
    expect(parseEntityRef('0.0.0x000000000000000000000000000000000000046F', 'any')).toBeNull();
    expect(parseEntityRef('0.0.274877906944')).toBeNull();
  });

  it('reads timestamps and longs as the reference validates them', () => {
    expect(parseTimestampParam('0.0010023')).toBe(1_002_300n);
    expect(parseTimestampParam('-1.2')).toBeNull();
    expect(parsePositiveLong('9223372036854775807')).toBe(9_223_372_036_854_775_807n);
    expect(parsePositiveLong('9223372036854775808')).toBeNull();
    expect(parsePositiveLong('0')).toBeNull();
    expect(parsePositiveLong('0', true)).toBe(0n);
  });

  it('decodes aliases strictly: trailing bits must be zero', () => {
    expect(decodeAliasStrict('KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ')).toHaveLength(32);
    expect(decodeAliasStrict('KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL')).toBeNull();
  });

  it('lists bad values first and unknown keys after them, or all in URL order', () => {
    const rules = { limit: () => false };
    expect(validateQuery(query('x=1&limit=0'), rules)).toEqual({ ok: false, messages: [{ message: 'Invalid parameter: limit' }, { message: 'Unknown query parameter: x' }] });
    expect(validateQuery(query('x=1&limit=0'), rules, false)).toEqual({ ok: false, messages: [{ message: 'Unknown query parameter: x' }, { message: 'Invalid parameter: limit' }] });
  });

  it('reads limit and order after any operator, as the reference\'s filters do (limit=gt:5 is 5)', () => {
    const validated = validateQuery(query('limit=gt:5&order=ne:DESC'), { limit: LIMIT_RULE, order: ORDER_RULE });
    if (!validated.ok) throw new Error(JSON.stringify(validated.messages));
    expect(limitOf(validated.filters, { default: 25, max: 100 })).toBe(5);
    expect(orderOf(validated.filters, 'asc')).toBe('desc');
    expect(validateQuery(query('limit=gt:0&order=lt:up'), { limit: LIMIT_RULE, order: ORDER_RULE }))
      .toEqual({ ok: false, messages: [{ message: 'Invalid parameter: limit' }, { message: 'Invalid parameter: order' }] });
  });

  it('refuses a nested value (key[name]=v) even where the rule takes any text', () => {
    expect(validateQuery(query('account.id[x]=1&account.id=2'), { 'account.id': () => true }))
      .toEqual({ ok: false, messages: [{ message: 'Invalid parameter: account.id' }] });
  });
});

describe('timestamp ranges', () => {
  it('folds filters into a closed range; equality means "at or before" for snapshots', () => {
    expect(timestampBounds([{ operator: 'gt', value: 5n }, { operator: 'lt', value: 9n }, { operator: 'ne', value: 7n }]))
      .toEqual({ lower: 6n, upper: 8n, excluded: [7n] });
    expect(timestampBounds([{ operator: 'eq', value: 5n }])).toEqual({ lower: 0n, upper: 5n, excluded: [] });
    expect(timestampBounds([{ operator: 'gt', value: 9n }, { operator: 'lt', value: 9n }])).toBeNull();
  });

  it('finds the first day of a month some months away', () => {
    const june10 = BigInt(Date.UTC(2023, 5, 10)) * 1_000_000n;
    expect(firstDayOfMonth(june10, -6)).toBe(BigInt(Date.UTC(2022, 11, 1)) * 1_000_000n);
  });
});
