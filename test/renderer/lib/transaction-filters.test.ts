import { describe, expect, it } from 'vitest';
import { splitBatch } from '../../../renderer/src/lib/ledger-format.ts';
import {
  boundedAbove, describeTimeBound, NO_TRANSACTION_FILTERS, parseTransactionFilters, timestampToUtcInput, transactionFiltersQuery, transactionsPath, utcInputToTimestamp,
} from '../../../renderer/src/lib/transaction-filters.ts';

describe('transaction filters', () => {
  it('round-trips through the hash query under the API parameter names', () => {
    const filters = parseTransactionFilters('transactiontype=CRYPTOTRANSFER&result=fail&account.id=0.0.5');
    expect(filters).toEqual({ type: 'CRYPTOTRANSFER', result: 'fail', account: '0.0.5', timestamp: '', before: '', bounds: [] });
    expect(transactionFiltersQuery(filters)).toBe('transactiontype=CRYPTOTRANSFER&result=fail&account.id=0.0.5');
    expect(transactionFiltersQuery({ ...NO_TRANSACTION_FILTERS, account: '  ' })).toBe('');
  });

  it('keeps an exact time and an upper bound apart, both under the API\'s one timestamp parameter', () => {
    const filters = parseTransactionFilters('timestamp=lt:1791995580.000000000&account.id=0.0.5&timestamp=1700000000.000000001');
    expect(filters).toEqual({ ...NO_TRANSACTION_FILTERS, account: '0.0.5', timestamp: '1700000000.000000001', before: '1791995580.000000000' });
    expect(transactionFiltersQuery(filters)).toBe('account.id=0.0.5&timestamp=1700000000.000000001&timestamp=lt%3A1791995580.000000000');
    expect(parseTransactionFilters(transactionFiltersQuery(filters))).toEqual(filters);
    expect(transactionsPath({ ...NO_TRANSACTION_FILTERS, before: '1791995580.000000000' })).toBe('/api/v1/transactions?timestamp=lt%3A1791995580.000000000&limit=25');
  });

  it('reads a type and a result in any case, as the API takes them, the way the form\'s fields name them', () => {
    expect(parseTransactionFilters('transactiontype=tokenmint&result=SUCCESS')).toMatchObject({ type: 'TOKENMINT', result: 'success' });
    expect(parseTransactionFilters('transactiontype=%20TokenBurn%20&result=Fail')).toMatchObject({ type: 'TOKENBURN', result: 'fail' });
  });

  it('keeps the other bounds on the time an address gives, in the query and the path, and says each', () => {
    const query = 'timestamp=gte:1791995581.487437137&timestamp=lt:1791995590.000000000&timestamp=lte:1791995589.5&timestamp=gt:1700000000';
    const filters = parseTransactionFilters(query);
    expect(filters).toEqual({ ...NO_TRANSACTION_FILTERS, before: '1791995590.000000000', bounds: ['gte:1791995581.487437137', 'lte:1791995589.5', 'gt:1700000000'] });
    expect(parseTransactionFilters(transactionFiltersQuery(filters))).toEqual(filters);
    expect(transactionsPath(filters)).toBe('/api/v1/transactions?timestamp=lt%3A1791995590.000000000&timestamp=gte%3A1791995581.487437137&timestamp=lte%3A1791995589.5&timestamp=gt%3A1700000000&limit=25');
    expect(describeTimeBound('gte:1791995581.487437137')).toBe('from 2026-10-14 16:33:01 UTC');
    expect(describeTimeBound('gt:1700000000')).toBe('after 2023-11-14 22:13:20 UTC');
    expect(describeTimeBound('lte:soon')).toBe('timestamp lte:soon');
    // `eq:` is the exact time written another way.
    expect(parseTransactionFilters('timestamp=eq:1700000000.000000001')).toEqual({ ...NO_TRANSACTION_FILTERS, timestamp: '1700000000.000000001' });
  });

  it('ends the list at a time with an exact time or an upper bound, not with a lower one', () => {
    expect(boundedAbove(parseTransactionFilters('timestamp=gte:1700000000'))).toBe(false);
    expect(boundedAbove(parseTransactionFilters('timestamp=ne:1700000000'))).toBe(false);
    expect(boundedAbove(parseTransactionFilters('timestamp=lte:1700000000'))).toBe(true);
    expect(boundedAbove(parseTransactionFilters('timestamp=lt:1700000000'))).toBe(true);
    expect(boundedAbove(parseTransactionFilters('timestamp=1700000000.000000001'))).toBe(true);
  });

  it('reads a datetime-local value as UTC and writes it back to the second', () => {
    expect(utcInputToTimestamp('2026-10-14T16:33')).toBe(`${Date.UTC(2026, 9, 14, 16, 33) / 1000}.000000000`);
    expect(utcInputToTimestamp('2026-10-14T16:33:01')).toBe('1791995581.000000000');
    expect(timestampToUtcInput('1791995581.487437137')).toBe('2026-10-14T16:33:01');
    expect(utcInputToTimestamp(timestampToUtcInput('1791995581.487437137'))).toBe('1791995581.000000000');
  });

  it('refuses what is not a real UTC date and time', () => {
    for (const bad of ['', 'yesterday', '2026-02-31T10:00', '2026-13-01T10:00', '2026-10-14T24:00', '2026-10-14 16:33', '1969-12-31T23:59:59']) {
      expect(utcInputToTimestamp(bad), bad).toBeNull();
    }
    expect(timestampToUtcInput('not a time')).toBe('');
  });

  it('builds the first page path, newest first by default', () => {
    expect(transactionsPath(parseTransactionFilters(''))).toBe('/api/v1/transactions?limit=25');
    expect(transactionsPath(parseTransactionFilters('timestamp=1700000000.000000001'))).toBe('/api/v1/transactions?timestamp=1700000000.000000001&limit=25');
  });
});

describe('splitBatch', () => {
  const tx = (transaction_id: string, name = 'CRYPTOTRANSFER') => ({ transaction_id, name });

  it('keeps a plain answer (a transaction and its children) whole', () => {
    const list = [tx('0.0.2-1-000000000'), tx('0.0.2-1-000000000', 'TOKENMINT')];
    expect(splitBatch(list)).toEqual({ main: list, inner: [] });
  });

  it('separates a batch from its inner transactions', () => {
    const batch = tx('0.0.2-1-000000000', 'ATOMICBATCH');
    const inner = [tx('0.0.7-1-000000005'), tx('0.0.8-1-000000006', 'TOKENMINT')];
    expect(splitBatch([batch, ...inner])).toEqual({ main: [batch], inner });
  });
});
