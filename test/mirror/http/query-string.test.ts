import { describe, expect, it } from 'vitest';
import { NESTED_VALUE, parseQueryString, QueryLimitError } from '../../../main/mirror/http/query-string.ts';

// The query as the reference reads it: qs (depth 1, strictDepth, arrayLimit, throwOnLimitExceeded), keys lower-cased.
const parse = (text: string, maxRepeated = 100) => Object.fromEntries(parseQueryString(text, maxRepeated));
const repeated = (count: number, pair: string) => Array.from({ length: count }, () => pair).join('&');
const refusal = (text: string, maxRepeated = 100): unknown => {
  try {
    parseQueryString(text, maxRepeated);
  } catch (error) {
    return { type: error instanceof QueryLimitError ? 'limit' : 'other', message: (error as Error).message };
  }
  return 'parsed';
};

describe('parseQueryString (bracketed keys)', () => {
  it('reads key[], key[N] and their percent-encoded forms as values of key, array indices in index order', () => {
    expect(parse('limit[0]=1')).toEqual({ limit: ['1'] });
    expect(parse('account.id[]=1&account.id%5B%5D=2&ACCOUNT.ID=3')).toEqual({ 'account.id': ['1', '2', '3'] });
    expect(parse('a[5]=x&a[2]=y')).toEqual({ a: ['y', 'x'] });
    expect(parse('a=z&a[1]=x&a[0]=y')).toEqual({ a: ['z', 'x', 'y'] });
  });

  it('makes a key with a named bracket, or one index given twice, a value no rule accepts', () => {
    expect(parse('account.balance[$ne]=0')).toEqual({ 'account.balance': [NESTED_VALUE] });
    expect(parse('a[0]=1&a[0]=2&a[1]=3')).toEqual({ a: [NESTED_VALUE, '3'] });
    expect(parse('a[x]=1&a=2')).toEqual({ a: [NESTED_VALUE, '2'] });
    // qs keeps a key it cannot read whole, as an object, and drops text after a closed bracket.
    expect(parse('limit[=1&b[c]d=2')).toEqual({ limit: [NESTED_VALUE], b: [NESTED_VALUE] });
  });

  it('refuses a second bracket as qs does with strictDepth', () => {
    expect(refusal('limit[a][b]=1')).toEqual({ type: 'limit', message: 'Input depth exceeded depth option of 1 and strictDepth is true' });
  });

  it('drops keys named as Object.prototype members and empty keys, and lists integer-like keys first', () => {
    expect(parse('toString=1&a[constructor]=2&=3&b=4')).toEqual({ b: ['4'] });
    expect([...parseQueryString('b=1&5=2&a=3&1=4', 100).keys()]).toEqual(['1', '5', 'b', 'a']);
  });
});

describe('parseQueryString (limits)', () => {
  it('takes the limit of values for one spelling, and refuses one more or an index past it with qs\'s message', () => {
    expect(parse(repeated(100, 'limit=1')).limit).toHaveLength(100);
    const arrayLimit = { type: 'limit', message: 'Array limit exceeded. Only 100 elements allowed in an array.' };
    expect(refusal(repeated(101, 'limit=1'))).toEqual(arrayLimit);
    expect(refusal(`${repeated(60, 'limit=1')}&${repeated(41, 'limit[]=1')}`)).toEqual(arrayLimit);
    expect(refusal('limit[100]=1')).toEqual(arrayLimit);
    expect(refusal('a=1&a=2', 1)).toEqual({ type: 'limit', message: 'Array limit exceeded. Only 1 element allowed in an array.' });
  });

  it('counts all spellings of a key together afterwards, as the reference\'s buildFilters does', () => {
    expect(refusal(`${repeated(60, 'limit=1')}&${repeated(60, 'LIMIT=1')}`)).toEqual({
      type: 'limit', message: 'Parameter values count exceeds maximum number allowed: limit count: 120 max: 100',
    });
  });

  it('refuses more than 1000 parameters', () => {
    expect(refusal(Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&'))).toBe('parsed');
    expect(refusal(Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&'))).toEqual({ type: 'limit', message: 'Parameter limit exceeded. Only 1000 parameters allowed.' });
  });
});
