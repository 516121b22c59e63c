import { describe, expect, it } from 'vitest';
import { schedulesSql } from '../../../main/mirror/schedules/schedules-sql.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Schedules over a real SQLite file.
const NOW = BigInt(Date.now()) * 1_000_000n;

const fixture = mirrorApiFixture(() => {
  const insert = fixture.store.db.prepare(`INSERT INTO schedule (schedule_id, consensus_timestamp, creator_account_id, executed_timestamp,
      payer_account_id, transaction_body, wait_for_expiry) VALUES (?, ?, ?, ?, ?, X'010203', 0)`);
  fixture.store.db.transaction(() => {
    for (let i = 1; i <= 30; i++) insert.run(2000 + i, NOW - BigInt(i) * 1_000_000_000n, 1000 + (i % 3), i === 1 ? null : NOW, 1000);
  })();
  fixture.store.db.prepare(`INSERT INTO transaction_signature (consensus_timestamp, entity_id, public_key_prefix, signature, type)
    VALUES (1, 2001, X'010101', X'020202', 3)`).run();
  fixture.store.analyze();
});

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { response, body: JSON.parse(response.body) };
};

describe('schedules', () => {
  it('lists by schedule id, filtered by creator, paging with a schedule.id anchor', async () => {
    const { body, response } = await get('/api/v1/schedules?account.id=0.0.1001&limit=2');
    expect(body.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual(['0.0.2001', '0.0.2004']);
    expect(body.links.next).toBe('/api/v1/schedules?account.id=0.0.1001&limit=2&schedule.id=gt:0.0.2004');
    expect(response.headers['cache-control']).toBe('public, max-age=10');
  });

  it('takes the creator as an EVM address, as the reference does: a long-zero one is its id, any other matches none', async () => {
    const longZero = await get('/api/v1/schedules?account.id=0x00000000000000000000000000000000000003e9&limit=2');
    expect(longZero.body.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual(['0.0.2001', '0.0.2004']);
    const other = await get('/api/v1/schedules?account.id=0xebb9a1be370150759408cd7af48e9eda2b8ead57');
    expect(other.response.statusCode).toBe(200);
    expect(other.body.schedules).toEqual([]);
    expect((await get('/api/v1/schedules?account.id=0xebb9a1be37')).body._status.messages).toEqual([{ message: 'Invalid parameter: account.id' }]);
  });

  it('gives one schedule with its signatures; a pending one is cached for a second, an executed one for an hour', async () => {
    const pending = await get('/api/v1/schedules/0.0.2001');
    expect(pending.body.signatures).toEqual([{ consensus_timestamp: '0.000000001', public_key_prefix: 'AQEB', signature: 'AgIC', type: 'ED25519' }]);
    expect(pending.response.headers['cache-control']).toBe('public, max-age=1');
    expect((await get('/api/v1/schedules/2002')).response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('rejects bad ids and unknown parameters', async () => {
    expect((await get('/api/v1/schedules/0.7.8.9')).body._status.messages).toEqual([{ message: 'Invalid parameter: scheduleid' }]);
    expect((await get('/api/v1/schedules?timestamp=1')).body._status.messages).toEqual([{ message: 'Unknown query parameter: timestamp' }]);
    expect((await get('/api/v1/schedules/0.0.9')).response.statusCode).toBe(404);
  });

  it('seeks the creator index for a creator and the primary key otherwise', () => {
    const plan = (sql: { sql: string; params: Array<number | bigint | null> }) =>
      explainPlan(fixture.store.db, sql.sql, sql.params)[0];
    expect(plan(schedulesSql([{ operator: 'eq', value: 1001n }], [], 'asc', 25))).toBe('SEARCH s USING INDEX schedule__creator (creator_account_id=?)');
    expect(plan(schedulesSql([], [{ operator: 'gt', value: 2010n }], 'desc', 25))).toBe('SEARCH s USING INTEGER PRIMARY KEY (rowid>?)');
  });
});
