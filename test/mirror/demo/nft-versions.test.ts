import { afterAll, describe, expect, it } from 'vitest';
import { HistoryWriter } from '../../../main/mirror/demo/history-writer.ts';
import { NftHandover, writeNftVersions } from '../../../main/mirror/demo/nft-versions.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';

// A serial changing hands after its `nft` row is written (a resale, an airdrop claim).
const { store, dispose } = tempStore();
afterAll(dispose);
const history = new HistoryWriter(store.db);
const handover = new NftHandover(store.db);
const versions = store.db.prepare(`SELECT account_id AS owner, timestamp_range_lower AS lower, timestamp_range_upper AS upper FROM nft_history WHERE token_id = ? AND serial_number = ?
  UNION ALL SELECT account_id, timestamp_range_lower, NULL FROM nft WHERE token_id = ? AND serial_number = ? ORDER BY lower`);
const chainOf = (token: number, serial: number) => versions.all(token, serial, token, serial);

describe('NftHandover.move', () => {
  // Minted to the treasury (0.0.500) at 100, delivered to 0.0.1001 at 200, approved at 300.
  writeNftVersions(history, { token: 7, serial: 1, mintedNs: 100n, metadata: Buffer.from('m') }, [
    { from: 100n, owner: 500, spender: null, deleted: false },
    { from: 200n, owner: 1001, spender: null, deleted: false },
    { from: 300n, owner: 1001, spender: 1002, deleted: false },
  ]);

  it('closes the current version where the new owner\'s begins', () => {
    handover.move(history, handover.current(7, 1)!, 1003, 400n);
    expect(chainOf(7, 1)).toEqual([
      { owner: 500, lower: 100, upper: 200 }, { owner: 1001, lower: 200, upper: 300 }, { owner: 1001, lower: 300, upper: 400 }, { owner: 1003, lower: 400, upper: null },
    ]);
  });

  it('refuses a move at or before the current version\'s start, which would write a range ending before it begins', () => {
    const before = chainOf(7, 1);
    expect(() => handover.move(history, handover.current(7, 1)!, 1004, 400n)).toThrow(/not after its current version's start 400/);
    expect(() => handover.move(history, handover.current(7, 1)!, 1004, 350n)).toThrow(/not after its current version's start 400/);
    expect(chainOf(7, 1)).toEqual(before);
  });
});
