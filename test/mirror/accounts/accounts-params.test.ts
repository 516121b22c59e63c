import { describe, expect, it } from 'vitest';
import { normalizePublicKey, parseAccountsParams } from '../../../main/mirror/accounts/accounts-params.ts';
import { defaultMirrorApiConfig, mergeConfig } from '../../../main/mirror/config.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';

const parse = (query: string, config = defaultMirrorApiConfig()) => parseAccountsParams(parseQueryString(query, 100), config);
const messagesOf = (query: string): string[] => {
  const result = parse(query);
  return result.ok ? [] : result.messages;
};

describe('accounts parameters', () => {
  it('defaults to 25 rows, ascending, with balances', () => {
    const result = parse('');
    expect(result.ok && [result.query.limit, result.query.order, result.query.includeBalance]).toEqual([25, 'asc', true]);
  });

  it.each(['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'limit=gt:5', 'limit=99999999999'])('rejects %s (the specification bounds limit to 1..100)', (query) => {
    expect(messagesOf(query)).toEqual(['Invalid parameter: limit']);
  });

  it('caps limit at a configured maximum below 100', () => {
    const config = mergeConfig(defaultMirrorApiConfig(), { response: { limit: { max: 6 } } });
    const result = parse('limit=10', config);
    expect(result.ok && result.query.limit).toBe(6);
  });

  it.each(['account.balance=12345678901', 'account.balance=gt:-2', 'account.balance=foo:5', 'account.balance=gt:1:2', 'account.balance=GT:5', 'account.balance='])(
    'rejects %s (1 to 10 digits with a lower-case operator)', (query) => {
      expect(messagesOf(query)).toEqual(['Invalid parameter: account.balance']);
    });

  it.each([
    ['account.id=0.0.7', 7n], ['account.id=7', 7n], ['account.id=gte:1.2.3', (1n << 54n) | (2n << 38n) | 3n], ['account.id=lt:0.0.9999999999', 9999999999n],
  ])('accepts %s', (query, id) => {
    const result = parse(query);
    expect(result.ok && result.query.idFilters[0]!.value).toBe(id);
  });

  it.each(['account.id=0.1.2.3', 'account.id=0.5', 'account.id=12345678901', 'account.id=0.0.1234567890123', 'account.id=1024.0.1', 'account.id=0.65536.1', 'account.id=0.0.274877906944', 'account.id=0x0000000000000000000000000000000000000001'])(
    'rejects %s', (query) => {
      expect(messagesOf(query)).toEqual(['Invalid parameter: account.id']);
    });

  it('normalizes public keys: 0x prefix, case, DER-wrapped ED25519', () => {
    const raw = 'ab'.repeat(32);
    expect(normalizePublicKey(`0x${raw.toUpperCase()}`)).toBe(raw);
    expect(normalizePublicKey(`302a300506032b6570032100${raw}`)).toBe(raw);
    expect(messagesOf('account.publickey=abc')).toEqual(['Invalid parameter: account.publickey']);
  });

  it('uses the last balance value and ignores a repeated order', () => {
    const result = parse('balance=true&balance=false&order=desc&order=desc');
    expect(result.ok && [result.query.includeBalance, result.query.order]).toEqual([false, 'asc']);
  });

  it('validates account.balance but drops it when balance=false, as the reference does', () => {
    expect(messagesOf('balance=false&account.balance=gt:x')).toEqual(['Invalid parameter: account.balance']);
    const result = parse('account.balance=gt:100&balance=false');
    expect(result.ok && result.query.balanceFilters).toEqual([]);
    const kept = parse('account.balance=gt:100&balance=true');
    expect(kept.ok && kept.query.balanceFilters).toEqual([{ operator: 'gt', value: 100n }]);
  });

  it('reports every problem in URL order, unknown keys lower-cased', () => {
    expect(messagesOf('Token.ID=1&limit=0&account.publicKey=x')).toEqual([
      'Unknown query parameter: token.id', 'Invalid parameter: limit', 'Invalid parameter: account.publickey',
    ]);
  });
});
