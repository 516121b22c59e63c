import { describe, expect, it } from 'vitest';
import { splitBatch } from '../../../renderer/src/lib/ledger-format.ts';
import { parseTransactionFilters, transactionFiltersQuery, transactionsPath } from '../../../renderer/src/lib/transaction-filters.ts';

describe('transaction filters', () => {
  it('round-trips through the hash query under the API parameter names', () => {
    const filters = parseTransactionFilters('transactiontype=CRYPTOTRANSFER&result=fail&account.id=0.0.5');
    expect(filters).toEqual({ type: 'CRYPTOTRANSFER', result: 'fail', account: '0.0.5', timestamp: '' });
    expect(transactionFiltersQuery(filters)).toBe('transactiontype=CRYPTOTRANSFER&result=fail&account.id=0.0.5');
    expect(transactionFiltersQuery({ type: '', result: '', account: '  ', timestamp: '' })).toBe('');
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
