import { describe, expect, it } from 'vitest';
import type { ApiResult, MirrorGetResponse } from '../../../main/common/api-contract.ts';
import type { MirrorReader } from '../../../renderer/src/lib/mirror-source.ts';
import { scheduleCreationAmong, scheduleOfTransaction } from '../../../renderer/src/lib/schedule-of-transaction.ts';

/** A schedule of the demo ledger: 0.0.1580 created 0.0.1582, whose payer 0.0.1143 paid its execution. */
const ID = '0.0.1580-1721043999-090799101';
const CREATION = { transaction_id: ID, nonce: 0, name: 'SCHEDULECREATE', result: 'SUCCESS', scheduled: false, entity_id: '0.0.1582', consensus_timestamp: '1721044000.772598951' };
const EXECUTED = { transaction_id: ID, nonce: 0, name: 'CRYPTOTRANSFER', result: 'SUCCESS', scheduled: true, entity_id: null, consensus_timestamp: '1726228000.772598951' };

function mirror(answers: Record<string, ApiResult<unknown>>, asked: string[] = []): MirrorReader {
  return {
    mirror: {
      get: async ({ path }): Promise<ApiResult<MirrorGetResponse>> => {
        asked.push(path);
        const answer = answers[path] ?? { ok: false, error: { code: 'not-found', message: 'Not found', details: [] } };
        return answer.ok ? { ok: true, value: { status: 200, body: answer.value } } : answer;
      },
    },
  };
}

const SCHEDULE_PATH = '/api/v1/schedules/0.0.1582';
const CREATION_PATH = `/api/v1/transactions/${ID}?scheduled=false&nonce=0`;

describe('scheduleCreationAmong', () => {
  it('finds the SCHEDULECREATE of the same id, not the scheduled transaction nor another id\'s', () => {
    expect(scheduleCreationAmong([EXECUTED, CREATION], EXECUTED)).toBe(CREATION);
    // A scheduled transaction with an entity of its own (a scheduled mint's token) is no creation either.
    const mint = { ...EXECUTED, name: 'TOKENMINT', entity_id: '0.0.1285' };
    expect(scheduleCreationAmong([mint, CREATION], EXECUTED)).toBe(CREATION);
    expect(scheduleCreationAmong([mint], EXECUTED)).toBeNull();
    expect(scheduleCreationAmong([EXECUTED, { ...CREATION, transaction_id: '0.0.1580-1721043999-090799102' }], EXECUTED)).toBeNull();
  });

  it('tells apart two schedules a contract created in one call by their nonces', () => {
    const call = { ...CREATION, name: 'CONTRACTCALL', entity_id: '0.0.1500' };
    const first = { ...CREATION, nonce: 1, entity_id: '0.0.1582' };
    const second = { ...CREATION, nonce: 2, entity_id: '0.0.1583' };
    expect(scheduleCreationAmong([call, first, second], { ...EXECUTED, nonce: 2 })).toBe(second);
    expect(scheduleCreationAmong([call, first, second], { ...EXECUTED, nonce: 1 })).toBe(first);
    expect(scheduleCreationAmong([call, first, second], EXECUTED)).toBeNull();
  });

  it('takes the successful creation over one that failed', () => {
    const failed = { ...CREATION, result: 'INVALID_SIGNATURE', entity_id: '0.0.1581' };
    expect(scheduleCreationAmong([failed, CREATION], EXECUTED)).toBe(CREATION);
    expect(scheduleCreationAmong([failed], EXECUTED)).toBe(failed);
  });
});

describe('scheduleOfTransaction', () => {
  it('takes the creation from the page, and the payer from the schedule', async () => {
    const asked: string[] = [];
    const api = mirror({ [SCHEDULE_PATH]: { ok: true, value: { schedule_id: '0.0.1582', creator_account_id: '0.0.1580', payer_account_id: '0.0.1143' } } }, asked);
    expect(await scheduleOfTransaction(api, EXECUTED, [EXECUTED, CREATION])).toEqual({ ok: true, value: { scheduleId: '0.0.1582', createdAt: CREATION.consensus_timestamp, payer: '0.0.1143' } });
    expect(asked).toEqual([SCHEDULE_PATH]);
  });

  it('asks for the creation of its nonce alone where the page does not hold it', async () => {
    const asked: string[] = [];
    const second = { ...CREATION, nonce: 2, entity_id: '0.0.1583' };
    const api = mirror({ [`/api/v1/transactions/${ID}?scheduled=false&nonce=2`]: { ok: true, value: { transactions: [second] } } }, asked);
    expect(await scheduleOfTransaction(api, { ...EXECUTED, nonce: 2 }, [EXECUTED, CREATION])).toMatchObject({ ok: true, value: { scheduleId: '0.0.1583' } });
    expect(asked[0]).toBe(`/api/v1/transactions/${ID}?scheduled=false&nonce=2`);
  });

  it('asks for the creation alone where the page does not hold it (a page opened with a nonce)', async () => {
    const asked: string[] = [];
    const api = mirror({ [CREATION_PATH]: { ok: true, value: { transactions: [CREATION] } } }, asked);
    // The schedule itself is not answered: its link stands, its payer is not said.
    expect(await scheduleOfTransaction(api, EXECUTED, [EXECUTED])).toEqual({ ok: true, value: { scheduleId: '0.0.1582', createdAt: CREATION.consensus_timestamp, payer: null } });
    expect(asked).toEqual([CREATION_PATH, SCHEDULE_PATH]);
  });

  it('answers null where the mirror holds no creation of that id, and passes a failure on', async () => {
    expect(await scheduleOfTransaction(mirror({}), EXECUTED)).toEqual({ ok: true, value: null });
    const failing = mirror({ [CREATION_PATH]: { ok: false, error: { code: 'unavailable', message: 'busy', details: [] } } });
    expect(await scheduleOfTransaction(failing, EXECUTED)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
