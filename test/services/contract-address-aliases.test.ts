import { afterAll, describe, expect, it } from 'vitest';
import { contractAddressAliases } from '../../main/services/contract-address-aliases.ts';
import { insertContract } from '../helpers/contract-fixture.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';

const OWN = `0x${'ab'.repeat(20)}`;
const LONG_ZERO_1001 = `0x${'0'.repeat(37)}3e9`;
const LONG_ZERO_1002 = `0x${'0'.repeat(37)}3ea`;

describe('contractAddressAliases (over a real SQLite store)', () => {
  const { store, dispose } = tempStore();
  insertContract(store, { num: 1001, evmAddress: OWN.slice(2), runtime: '6000' });
  insertContract(store, { num: 1002, runtime: '6001' });
  afterAll(dispose);

  it("pairs a contract's own EVM address with its long-zero form, both ways, in lower case", () => {
    expect(contractAddressAliases(store.db, OWN.toUpperCase().replace('0X', '0x'))).toEqual([OWN, LONG_ZERO_1001]);
    expect(contractAddressAliases(store.db, LONG_ZERO_1001)).toEqual([LONG_ZERO_1001, OWN]);
  });

  it('gives the address alone for a contract without an EVM address of its own, an unknown address, or no address', () => {
    expect(contractAddressAliases(store.db, LONG_ZERO_1002)).toEqual([LONG_ZERO_1002]);
    expect(contractAddressAliases(store.db, `0x${'cd'.repeat(20)}`)).toEqual([`0x${'cd'.repeat(20)}`]);
    expect(contractAddressAliases(store.db, '0x1234')).toEqual(['0x1234']);
    // Shard and realm bytes beyond the entity id's range are no long-zero address.
    expect(contractAddressAliases(store.db, `0x${'ff'.repeat(20)}`)).toEqual([`0x${'ff'.repeat(20)}`]);
  });
});
