import { describe, expect, it } from 'vitest';
import { transactionAt, transactionAtAmong, transactionAtOf, transactionAtPath } from '../../../renderer/src/lib/transaction-at.ts';
import { fail } from '../../helpers/fake-mirror-getter.ts';

describe('transactionAt', () => {
  const batch = { transaction_id: '0.0.3172-1791994150-815717005', nonce: 0, name: 'ATOMICBATCH', consensus_timestamp: '1791994154.785003172' };

  it('asks the transactions list for the one row at that time', () => {
    expect(transactionAtPath('1791994154.785003172')).toBe('/api/v1/transactions?timestamp=1791994154.785003172&limit=1');
  });

  it('opens the transaction by its id, a child record with its nonce', () => {
    expect(transactionAtOf({ transactions: [batch] })).toEqual({ id: batch.transaction_id, nonce: 0, name: 'ATOMICBATCH', href: '#/transaction?id=0.0.3172-1791994150-815717005' });
    expect(transactionAtOf({ transactions: [{ ...batch, nonce: 1, name: 'CRYPTOTRANSFER' }] })?.href).toBe('#/transaction?id=0.0.3172-1791994150-815717005&nonce=1');
  });

  it('is null when no transaction has that time, or the answer is not a transactions list', () => {
    expect(transactionAtOf({ transactions: [], links: { next: null } })).toBeNull();
    for (const body of [null, {}, { transactions: [{}] }, { transactions: [{ transaction_id: 5 }] }, 'text']) expect(transactionAtOf(body)).toBeNull();
  });

  it('finds the parent among the page\'s own transactions without asking, and only there', () => {
    const child = { transaction_id: '0.0.3172-1791994150-815717005', nonce: 1, name: 'CRYPTOTRANSFER', consensus_timestamp: '1791994154.785003173' };
    expect(transactionAtAmong([batch, child], batch.consensus_timestamp)).toEqual(transactionAtOf({ transactions: [batch] }));
    expect(transactionAtAmong([child], batch.consensus_timestamp)).toBeNull();
  });

  it('passes a failed request on', async () => {
    const failed = fail('unavailable', 'down');
    expect(await transactionAt({ mirror: { get: async () => failed } }, '1.2')).toEqual(failed);
    const found = await transactionAt({ mirror: { get: async () => ({ ok: true as const, value: { status: 200, body: { transactions: [batch] } } }) } }, '1791994154.785003172');
    expect(found).toMatchObject({ ok: true, value: { id: batch.transaction_id } });
  });
});
