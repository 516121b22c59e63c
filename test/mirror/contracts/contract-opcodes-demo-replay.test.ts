import { describe, expect, it } from 'vitest';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// Every contract result of a generated demo ledger, replayed: the trace must fail exactly when
// the recorded transaction did. The demo's executions are those of the shipped example contracts,
// so a replay with the wrong sender (tokens keyed by the caller's EVM address) or a creation run
// as a call (constructor arguments sent to the runtime code) shows up as a success traced as failed.
const fixture = mirrorApiFixture(() => {
  generateDemoLedger(fixture.store, { accounts: 1500, keyThread: false });
}, { seedTimeoutMs: 120_000 });

const CONTRACT_CREATE = 8n;
const ETHEREUM = 50n;

interface Traced {
  timestamp: bigint;
  hash: Buffer;
  result: bigint;
  type: bigint;
  sender_has_evm_address: bigint;
}

describe('opcode replays of the demo ledger', () => {
  it('trace every recorded result as failed exactly when it failed', { timeout: 120_000 }, async () => {
    const rows = fixture.store.db.prepare(`SELECT cr.consensus_timestamp AS timestamp, cr.transaction_hash AS hash, cr.transaction_result AS result,
  t.type, (s.evm_address IS NOT NULL OR length(s.alias) = 20) AS sender_has_evm_address
FROM contract_result cr JOIN "transaction" t ON t.consensus_timestamp = cr.consensus_timestamp LEFT JOIN entity s ON s.id = cr.sender_id
ORDER BY cr.consensus_timestamp`).safeIntegers(true).all() as Traced[];
    // The ledger has each kind the replay treats apart, so none of the checks below is vacuous.
    const succeeded = rows.filter((row) => row.result === 22n);
    expect(succeeded.filter((row) => row.type === CONTRACT_CREATE).length).toBeGreaterThan(0);
    expect(succeeded.filter((row) => row.type === ETHEREUM).length).toBeGreaterThan(0);
    expect(succeeded.filter((row) => row.sender_has_evm_address === 1n && row.type !== CONTRACT_CREATE).length).toBeGreaterThan(0);
    expect(rows.length - succeeded.length).toBeGreaterThan(0);

    const wrong: string[] = [];
    for (const row of rows) {
      const response = await fixture.get(`/api/v1/contracts/results/0x${row.hash.toString('hex')}/opcodes?stack=false`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { failed: boolean; gas: number; opcodes: Array<{ op: string }> };
      const success = row.result === 22n;
      if (body.failed === success) wrong.push(`${row.timestamp} type ${row.type} result ${row.result}: failed ${body.failed}, last ${body.opcodes.at(-1)?.op}`);
      // A replayed success ran its code: more than the intrinsic gas, and ended in RETURN or STOP.
      if (success && !body.failed) {
        expect(body.gas).toBeGreaterThan(21_000);
        expect(['RETURN', 'STOP']).toContain(body.opcodes.at(-1)?.op);
      }
    }
    expect(wrong).toEqual([]);
  });
});
