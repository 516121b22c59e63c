import { afterAll, describe, expect, it } from 'vitest';
import { encodeEntityId } from '../../main/mirror/format/entity-id.ts';
import { contractSuggestions } from '../../main/services/verify-suggestions.ts';
import { insertContract } from '../helpers/contract-fixture.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';

const OWN = 'ab'.repeat(20);

describe('contractSuggestions (over a real SQLite store)', () => {
  const { store, dispose } = tempStore();
  insertContract(store, { num: 1001, evmAddress: OWN, runtime: '6000' });
  insertContract(store, { num: 1002, runtime: '6001' });
  insertContract(store, { num: 1003 }); // no code: nothing to verify against
  insertContract(store, { num: 1004, runtime: '6002', deleted: true });
  // A contract of shard 1, realm 2 (a network configured so): its long-zero address carries both.
  const foreign = encodeEntityId(1, 2, 1005)!;
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, memo, created_timestamp, timestamp_range_lower)
    VALUES (?, 1005, 2, 1, 'CONTRACT', 0, '', 1, 1)`).run(foreign);
  store.db.prepare('INSERT INTO contract (id, runtime_bytecode) VALUES (?, ?)').run(foreign, Buffer.from('6003', 'hex'));
  afterAll(dispose);
  const notVerified = () => null;

  it('offers the contracts with code, newest first, at the address the engine reads their code from', () => {
    const suggestions = contractSuggestions(store.db, '', (address) => (address === `0x${OWN}` ? 'perfect' : null));
    expect(suggestions.map((s) => [s.contractId, s.address, s.verified])).toEqual([
      ['1.2.1005', `0x00000001${'0'.repeat(15)}2${'0'.repeat(13)}3ed`, null],
      ['0.0.1002', `0x${'0'.repeat(37)}3ea`, null],
      ['0.0.1001', `0x${OWN}`, 'perfect'],
    ]);
  });

  it('matches any part of the id or the address, with or without 0x', () => {
    expect(contractSuggestions(store.db, '1002', notVerified).map((s) => s.contractId)).toEqual(['0.0.1002']);
    expect(contractSuggestions(store.db, `0x${OWN.slice(0, 8)}`, notVerified).map((s) => s.contractId)).toEqual(['0.0.1001']);
    expect(contractSuggestions(store.db, 'no such contract', notVerified)).toEqual([]);
  });
});
