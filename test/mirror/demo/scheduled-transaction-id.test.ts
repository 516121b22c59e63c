import { describe, expect, it } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { decodeScheduledTransaction } from '../../../renderer/src/lib/scheduled-transaction.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// On the network a scheduled transaction keeps its ScheduleCreate's transaction id (the creator's
// account and valid start, flagged scheduled) while its fee is charged to the schedule's payer, so the
// reference mirror answers /transactions/{creation id} with both (its specs/transactions/{id}/scheduled-*).
const fixture = mirrorApiFixture((store) => {
  // 3,000 accounts: schedule 0.0.1582 (creator 0.0.1580) is executed for 0.0.1143.
  generateDemoLedger(store, { accounts: 3000, keyThread: false });
}, { seedTimeoutMs: 120_000 });

type Body = Record<string, any>;
async function get(url: string): Promise<Body> {
  const response = await fixture.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return JSON.parse(response.body) as Body;
}

/** What `account` gains (or loses) in a transaction's HBAR transfers; 0 when it is not listed. */
const amountOf = (tx: Body, account: string) =>
  (tx.transfers as Body[]).filter((t) => t.account === account).reduce((sum, t) => sum + BigInt(t.amount), 0n);

describe('a demo schedule executed for a payer other than its creator', () => {
  it('executes under the creation\'s transaction id, its fee charged to the schedule\'s payer', async () => {
    const executed = ((await get('/api/v1/schedules?limit=100')).schedules as Body[]).filter((s) => s.executed_timestamp !== null);
    const otherPayer = executed.filter((s) => s.payer_account_id !== s.creator_account_id);
    expect(otherPayer.length, 'no executed schedule with a payer other than its creator').toBeGreaterThan(0);

    for (const schedule of executed) {
      const label = schedule.schedule_id as string;
      const [creation] = (await get(`/api/v1/transactions?timestamp=${schedule.consensus_timestamp}`)).transactions as Body[];
      expect(creation!.name, label).toBe('SCHEDULECREATE');
      expect(creation!.transaction_id.startsWith(`${schedule.creator_account_id}-`), label).toBe(true);

      const both = (await get(`/api/v1/transactions/${creation!.transaction_id}`)).transactions as Body[];
      expect(both.map((t) => [t.consensus_timestamp, t.name, t.scheduled, t.transaction_id]), label).toEqual([
        [schedule.consensus_timestamp, 'SCHEDULECREATE', false, creation!.transaction_id],
        [schedule.executed_timestamp, 'CRYPTOTRANSFER', true, creation!.transaction_id],
      ]);
      const execution = both[1]!;
      expect(execution.valid_start_timestamp, label).toBe(creation!.valid_start_timestamp);
      expect(((await get(`/api/v1/transactions/${creation!.transaction_id}?scheduled=true`)).transactions as Body[]).map((t) => t.consensus_timestamp))
        .toEqual([schedule.executed_timestamp]);
      expect(((await get(`/api/v1/transactions/${creation!.transaction_id}?scheduled=false`)).transactions as Body[]).map((t) => t.consensus_timestamp))
        .toEqual([schedule.consensus_timestamp]);

      // The schedule's payer pays the fee (and, in the demo, sends the transfer); the creator pays nothing.
      const [debit, credit] = decodeScheduledTransaction(schedule.transaction_body)!.transfers;
      expect(debit!.account, label).toBe(schedule.payer_account_id);
      const sent = debit!.account === credit!.account ? 0n : BigInt(credit!.amount);
      const fee = BigInt(execution.charged_tx_fee);
      expect(fee, label).toBeGreaterThan(0n);
      expect(amountOf(execution, schedule.payer_account_id), label).toBe(-fee - sent);
      if (schedule.payer_account_id !== schedule.creator_account_id) {
        expect(amountOf(execution, schedule.creator_account_id), label).toBe(credit!.account === schedule.creator_account_id ? sent : 0n);
        // Nothing carries the payer's account with the creation's valid start.
        const payerId = creation!.transaction_id.replace(/^[^-]+/, schedule.payer_account_id);
        expect((await fixture.get(`/api/v1/transactions/${payerId}`)).statusCode, label).toBe(404);
      }
    }
  });
});
