import { describe, expect, it } from 'vitest';
import { CONTRACT_MEMOS } from '../../../main/mirror/demo/contract-history.ts';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import type { ExampleName } from '../../../main/mirror/demo/contracts/example-artifact.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// What a Hedera developer knows to be impossible, checked over a generated demo ledger: serials
// numbered out of mint order, a contract memo naming code it does not have, a live entity that
// expired before the ledger's last transaction.
const fixture = mirrorApiFixture((store) => {
  generateDemoLedger(store, { accounts: 3000, keyThread: false });
});
const db = fixture.store.db;
const NANOS = 1_000_000_000n;
const ledgerEnd = () => db.prepare('SELECT max(consensus_timestamp) FROM "transaction"').safeIntegers(true).pluck().get() as bigint;

/** The example a runtime bytecode deploys: its immutables zeroed, it is the compiler's deployed bytecode. */
function exampleOf(runtime: Buffer): ExampleName | undefined {
  return (Object.keys(EXAMPLE_ARTIFACT.contracts) as ExampleName[]).find((name) => {
    const contract = EXAMPLE_ARTIFACT.contracts[name];
    const code = Buffer.from(runtime);
    for (const ranges of Object.values(contract.immutableReferences)) for (const { start, length } of ranges) code.fill(0, start, start + length);
    return code.toString('hex') === contract.deployedBytecode;
  });
}

describe('the demo ledger, as a Hedera developer reads it', () => {
  it('numbers every collection\'s serials 1, 2, … in the order of their mints', () => {
    const serials = db.prepare(`SELECT token_id AS token, serial_number AS serial, created_timestamp AS minted, CAST(metadata AS TEXT) AS metadata
      FROM nft ORDER BY token_id, serial_number`).safeIntegers(true).all() as Array<{ token: bigint; serial: bigint; minted: bigint; metadata: string }>;
    const mintedBy = db.prepare(`SELECT t.type FROM nft_transfer nt JOIN "transaction" t ON t.consensus_timestamp = nt.consensus_timestamp
      WHERE nt.token_id = ? AND nt.serial_number = ? AND nt.consensus_timestamp = ? AND nt.sender_account_id IS NULL`).safeIntegers(true).pluck();
    const collections = Map.groupBy(serials, (s) => s.token);
    expect(collections.size).toBeGreaterThan(10);
    for (const [token, collection] of collections) {
      collection.forEach((nft, i) => {
        const at = `${token}/${nft.serial}`;
        expect(nft.serial, at).toBe(BigInt(i + 1));
        // The network numbers a serial when its mint reaches consensus: a later mint, a higher serial.
        if (i > 0) expect(nft.minted, at).toBeGreaterThanOrEqual(collection[i - 1]!.minted);
        expect(mintedBy.get(token, nft.serial, nft.minted), at).toBe(37n);
        expect(nft.metadata, at).toMatch(new RegExp(`/${nft.serial}\\.json$`));
      });
    }
  });

  it('lists in each transaction the very serials its NFT transfers name', () => {
    const lists = db.prepare('SELECT consensus_timestamp AS at, nft_transfer AS list FROM "transaction" WHERE nft_transfer IS NOT NULL')
      .safeIntegers(true).all() as Array<{ at: bigint; list: string }>;
    const transfers = db.prepare(`SELECT token_id, serial_number, sender_account_id, receiver_account_id FROM nft_transfer
      WHERE consensus_timestamp = ? ORDER BY rowid`);
    expect(lists.length).toBeGreaterThan(100);
    for (const { at, list } of lists) {
      const listed = (JSON.parse(list) as Array<Record<string, number | null>>).map((n) => ({
        token_id: n.token_id, serial_number: n.serial_number, sender_account_id: n.sender_account_id, receiver_account_id: n.receiver_account_id,
      }));
      expect(transfers.all(at), String(at)).toEqual(listed);
    }
    // An airdropped serial is one the treasury minted and still held when it sent it.
    const airdropped = db.prepare(`SELECT count(*) FROM token_airdrop a JOIN token t ON t.token_id = a.token_id AND t.type = 'NON_FUNGIBLE_UNIQUE'
      LEFT JOIN nft n ON n.token_id = a.token_id AND n.serial_number = a.serial_number WHERE n.token_id IS NULL OR n.created_timestamp >= a.timestamp_range_lower`).pluck();
    expect(airdropped.get()).toBe(0);
  });

  it('gives a contract a memo only where it fits the code deployed', () => {
    const contracts = db.prepare(`SELECT e.id, e.memo, c.runtime_bytecode AS runtime FROM entity e JOIN contract c ON c.id = e.id
      WHERE e.type = 'CONTRACT'`).all() as Array<{ id: number; memo: string; runtime: Buffer }>;
    const withMemo = contracts.filter((c) => c.memo !== '');
    expect(withMemo.length).toBeGreaterThan(5);
    for (const contract of withMemo) {
      const example = exampleOf(contract.runtime);
      expect(example, `0.0.${contract.id}`).toBeDefined();
      expect(CONTRACT_MEMOS[example!], `0.0.${contract.id}: ${contract.memo}`).toContain(contract.memo);
    }
    // Each memo names one kind of code only.
    const memos = Object.values(CONTRACT_MEMOS).flat();
    expect(new Set(memos).size).toBe(memos.length);
  });

  it('renews every live account, contract, token and topic past the ledger\'s last transaction', () => {
    const end = ledgerEnd();
    const entities = db.prepare(`SELECT id, type, created_timestamp AS created, auto_renew_period AS period, expiration_timestamp AS expiry
      FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT', 'TOKEN', 'TOPIC') AND deleted = 0`).safeIntegers(true).all() as Array<{
      id: bigint; type: string; created: bigint; period: bigint; expiry: bigint | null }>;
    expect(new Set(entities.map((e) => e.type)).size).toBe(4);
    for (const entity of entities) {
      const at = `${entity.type} 0.0.${entity.id}`;
      expect(entity.expiry, at).not.toBeNull();
      // Creation plus whole auto-renew periods, the first such after the end.
      const period = entity.period * NANOS;
      expect((entity.expiry! - entity.created) % period, at).toBe(0n);
      expect(entity.expiry! > end && entity.expiry! - period <= end, `${at}: expires ${entity.expiry}, ledger ends ${end}`).toBe(true);
    }
  });

  it('shows those expiries through the API: a system account, a token', async () => {
    const end = ledgerEnd();
    const account = (await fixture.get('/api/v1/accounts/0.0.100')).json() as { expiry_timestamp: string };
    expect(BigInt(account.expiry_timestamp.replace('.', ''))).toBeGreaterThan(end);
    const token = db.prepare("SELECT min(id) FROM entity WHERE type = 'TOKEN'").pluck().get() as number;
    const info = (await fixture.get(`/api/v1/tokens/0.0.${token}`)).json() as { expiry_timestamp: number | string };
    expect(BigInt(info.expiry_timestamp)).toBeGreaterThan(end);
  });
});
