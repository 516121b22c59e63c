import { describe, expect, it } from 'vitest';
import { SIGNATURES_SQL } from '../../../main/mirror/schedules/schedules-sql.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// GET /api/v1/schedules reads the signatures of a whole page in one statement and groups
// them by schedule. These pages mix schedules with several signatures (inserted out of
// order, two at the same time), one and none, next to signatures of other entities, and
// pin each schedule's list exactly.

const NOW = BigInt(Date.now()) * 1_000_000n;

const fixture = mirrorApiFixture((store) => {
  const schedule = store.db.prepare(`INSERT INTO schedule (schedule_id, consensus_timestamp, creator_account_id, executed_timestamp,
      payer_account_id, transaction_body, wait_for_expiry) VALUES (?, ?, 1001, NULL, 1001, X'0a0b', 0)`);
  const signature = store.db.prepare(`INSERT INTO transaction_signature (consensus_timestamp, entity_id, public_key_prefix, signature, type)
    VALUES (?, ?, ?, ?, ?)`);
  store.db.transaction(() => {
    for (let id = 3001; id <= 3004; id++) schedule.run(id, NOW + BigInt(id));
    // 3001: three times, inserted out of order, two of them at the same time (rowid order then).
    signature.run(30, 3001, Buffer.from('c3', 'hex'), Buffer.from('33', 'hex'), 3);
    signature.run(20, 3001, Buffer.from('a1', 'hex'), Buffer.from('11', 'hex'), 3);
    signature.run(10, 3001, Buffer.from('d4', 'hex'), Buffer.from('44', 'hex'), 6);
    signature.run(20, 3001, Buffer.from('b2', 'hex'), Buffer.from('22', 'hex'), 3);
    // 3002: none. 3003: an unknown type. 3004: one.
    signature.run(40, 3003, Buffer.from('e5', 'hex'), Buffer.from('55', 'hex'), null);
    signature.run(50, 3004, Buffer.from('f6', 'hex'), Buffer.from('66', 'hex'), 4);
    // Other entities' signatures, and one without an entity, are no schedule's.
    signature.run(15, 3005, Buffer.from('01', 'hex'), Buffer.from('01', 'hex'), 3);
    signature.run(16, null, Buffer.from('02', 'hex'), Buffer.from('02', 'hex'), 3);
  })();
  store.analyze();
});

const sig = (ns: number, prefixHex: string, signatureHex: string, type: string) => ({
  consensus_timestamp: `0.${String(ns).padStart(9, '0')}`,
  public_key_prefix: Buffer.from(prefixHex, 'hex').toString('base64'),
  signature: Buffer.from(signatureHex, 'hex').toString('base64'),
  type,
});

const EXPECTED: Record<string, unknown[]> = {
  '0.0.3001': [sig(10, 'd4', '44', 'ECDSA_SECP256K1'), sig(20, 'a1', '11', 'ED25519'), sig(20, 'b2', '22', 'ED25519'), sig(30, 'c3', '33', 'ED25519')],
  '0.0.3002': [],
  '0.0.3003': [sig(40, 'e5', '55', 'UNKNOWN')],
  '0.0.3004': [sig(50, 'f6', '66', 'RSA_3072')],
};

type Schedule = { schedule_id: string; signatures: unknown[] };
const signaturesOf = (schedules: Schedule[]) => Object.fromEntries(schedules.map((s) => [s.schedule_id, s.signatures]));

describe('schedule signatures per page', () => {
  it('gives every schedule of a page its own signatures in consensus order, in either page order', async () => {
    const asc = JSON.parse((await fixture.get('/api/v1/schedules')).body);
    expect(asc.schedules.map((s: Schedule) => s.schedule_id)).toEqual(['0.0.3001', '0.0.3002', '0.0.3003', '0.0.3004']);
    expect(signaturesOf(asc.schedules)).toEqual(EXPECTED);
    const desc = JSON.parse((await fixture.get('/api/v1/schedules?order=desc')).body);
    expect(desc.schedules.map((s: Schedule) => s.schedule_id)).toEqual(['0.0.3004', '0.0.3003', '0.0.3002', '0.0.3001']);
    expect(signaturesOf(desc.schedules)).toEqual(EXPECTED);
  });

  it('reads only the page\'s schedules when paging', async () => {
    const second = JSON.parse((await fixture.get('/api/v1/schedules?limit=2&schedule.id=gt:0.0.3002')).body);
    expect(signaturesOf(second.schedules)).toEqual({ '0.0.3003': EXPECTED['0.0.3003'], '0.0.3004': EXPECTED['0.0.3004'] });
    expect(second.links.next).toBe('/api/v1/schedules?limit=2&schedule.id=gt:0.0.3004');
  });

  it('gives one schedule the same signatures as the list', async () => {
    for (const id of ['0.0.3001', '0.0.3002']) {
      expect(JSON.parse((await fixture.get(`/api/v1/schedules/${id}`)).body).signatures).toEqual(EXPECTED[id]);
    }
  });

  it('walks the entity index once per schedule of the page, without a sort', () => {
    expect(explainPlan(fixture.store.db, SIGNATURES_SQL, ['[3001,3002]'])).toEqual([
      'SEARCH transaction_signature USING INDEX transaction_signature__entity (entity_id=?)', 'LIST SUBQUERY 1', 'SCAN json_each VIRTUAL TABLE INDEX 1:',
    ]);
  });
});
