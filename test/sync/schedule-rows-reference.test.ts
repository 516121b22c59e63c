import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { scheduleRowsOf } from '../../main/sync/schedule-rows.ts';
import { scheduleUpserter } from '../../main/sync/schedule-writer.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { canonicalJson, renderedItems } from '../helpers/reference-specs.ts';

// The schedules the reference mirror node itself rendered in its spec cases (pending, executed,
// deleted, waiting for expiry, with and without admin keys and signatures), each stored the way
// the sync stores a followed or read-through schedule and rendered again locally.
const SPECS = path.resolve('../shared/conformance/mirror/specs/schedules');

function referenceSchedules(): Array<{ file: string; schedule: Record<string, unknown> }> {
  return renderedItems(SPECS, 'schedules', 'schedule_id').map(({ file, item }) => ({ file, schedule: item }));
}

const fixture = mirrorApiFixture(undefined, { hostCheck: false });

describe('schedules the reference rendered', () => {
  it('are stored and rendered back field for field', async () => {
    const cases = referenceSchedules();
    expect(cases.length).toBeGreaterThan(10);
    // The cases cover what the rows must carry: an execution, a deletion, an admin key, no signatures.
    expect(cases.some(({ schedule }) => schedule.executed_timestamp !== null)).toBe(true);
    expect(cases.some(({ schedule }) => schedule.deleted === true)).toBe(true);
    expect(cases.some(({ schedule }) => schedule.admin_key !== null)).toBe(true);
    expect(cases.some(({ schedule }) => (schedule.signatures as unknown[]).length === 0)).toBe(true);
    const upsert = scheduleUpserter(fixture.store.db);
    const differences: string[] = [];
    for (const { file, schedule } of cases) {
      fixture.store.db.transaction(() => upsert(scheduleRowsOf(schedule)))();
      const reply = await fixture.get(`/api/v1/schedules/${String(schedule.schedule_id)}`);
      if (canonicalJson(parseJsonLossless(reply.body)) !== canonicalJson(schedule)) differences.push(`${file}: ${String(schedule.schedule_id)}\n  ${canonicalJson(schedule)}\n  ${reply.body}`);
    }
    expect(differences).toEqual([]);
  });

  it('replace their signatures as a set when stored again, so a replayed page changes nothing', async () => {
    const { schedule } = referenceSchedules().find(({ schedule }) => (schedule.signatures as unknown[]).length >= 2)!;
    const upsert = scheduleUpserter(fixture.store.db);
    const id = String(schedule.schedule_id);
    for (let i = 0; i < 2; i++) fixture.store.db.transaction(() => upsert(scheduleRowsOf(schedule)))();
    expect(canonicalJson(parseJsonLossless((await fixture.get(`/api/v1/schedules/${id}`)).body))).toBe(canonicalJson(schedule));
    // Signed once more and executed: the new answer replaces the old one whole.
    const signed = {
      ...schedule, executed_timestamp: '1999999999.000000002',
      signatures: [...schedule.signatures as unknown[], { consensus_timestamp: '1999999999.000000001', public_key_prefix: 'BQUF', signature: 'BgYG', type: 'ECDSA_SECP256K1' }],
    };
    fixture.store.db.transaction(() => upsert(scheduleRowsOf(signed)))();
    expect(canonicalJson(parseJsonLossless((await fixture.get(`/api/v1/schedules/${id}`)).body))).toBe(canonicalJson(signed));
  });

  it('refuse an answer missing what the rows need', () => {
    const { schedule } = referenceSchedules()[0]!;
    expect(() => scheduleRowsOf({ ...schedule, payer_account_id: null })).toThrow(/payer/);
    expect(() => scheduleRowsOf({ ...schedule, transaction_body: 'not base64!' })).toThrow(/not base64/);
    expect(() => scheduleRowsOf({ ...schedule, signatures: [{ public_key_prefix: 'AQ==', signature: 'Ag==', type: 'ED25519' }] })).toThrow(/timestamp/);
  });
});
