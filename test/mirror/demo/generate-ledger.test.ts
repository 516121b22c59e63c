import { createPublicKey, sign, verify } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { NODE_COUNT } from '../../../main/mirror/demo/accounts.ts';
import { consensusWeight, nodeOwnStake } from '../../../main/mirror/demo/network.ts';
import { isDemoLedgerCurrent } from '../../../main/mirror/demo/demo-meta.ts';
import { HISTORY_TABLES } from '../../../main/mirror/demo/history-writer.ts';
import { generateDemoLedger, type DemoLedgerStats } from '../../../main/mirror/demo/generate-ledger.ts';
import { ed25519PrivateKey, ed25519PublicKey, ed25519SeedFor, secp256k1PrivateKeyFor } from '../../../main/mirror/demo/keys.ts';
import { publicKeyOf, renderKey } from '../../../main/mirror/format/key.ts';
import { tempStore } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { LEDGER_TABLES, ledgerDigest, tableDigests } from './demo-fixture.ts';

const ACCOUNTS = 3000;
let stats: DemoLedgerStats;

interface KeyedRow { num: number; key: Buffer | null; public_key: string | null; alias: Buffer | null; evm_address: Buffer | null }

const fixture = mirrorApiFixture((store) => {
  stats = generateDemoLedger(store, { accounts: ACCOUNTS, keyThread: false });
});
const db = fixture.store.db;

const count = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;
const userAccounts = (where: string) => db.prepare(`SELECT num, key, public_key, alias, evm_address FROM entity
  WHERE type = 'ACCOUNT' AND num > 1000 AND ${where} ORDER BY num`).all() as KeyedRow[];

describe('generateDemoLedger', () => {
  it('writes the requested number of accounts and contracts and marks the dataset complete', () => {
    expect(count("SELECT count(*) AS n FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')")).toBe(ACCOUNTS);
    expect(stats.accounts).toBe(ACCOUNTS);
    const written = [...LEDGER_TABLES, ...HISTORY_TABLES].map((table) => count(`SELECT count(*) AS n FROM ${table}`)).reduce((a, b) => a + b, 0);
    expect(stats.rows).toBe(written);
    expect(isDemoLedgerCurrent(db, ACCOUNTS)).toBe(true);
    expect(isDemoLedgerCurrent(db, ACCOUNTS + 1)).toBe(false);
    expect(count('SELECT count(*) AS n FROM sqlite_stat1')).toBeGreaterThan(0);
  });

  it('writes a ledger of system accounts alone, short of the staking reward account 0.0.800, with nothing reserved for rewards', () => {
    for (const accounts of [0, 200]) {
      const { store, dispose } = tempStore();
      try {
        generateDemoLedger(store, { accounts, keyThread: false });
        expect(store.db.prepare('SELECT reserved_staking_rewards AS reserved, unreserved_staking_reward_balance AS unreserved FROM network_stake').get())
          .toEqual({ reserved: 0, unreserved: 0 });
      } finally {
        dispose();
      }
    }
  });

  it('writes the same rows on every run, whatever the transaction size or key thread', () => {
    const other = tempStore();
    try {
      generateDemoLedger(other.store, { accounts: ACCOUNTS, chunkSize: 700, keyThread: true });
      // Table by table, so a difference names the table.
      expect(tableDigests(other.store.db)).toEqual(tableDigests(db));
    } finally {
      other.dispose();
    }
    // A whole generation more: past the default 30 s on a loaded 2-core machine (not a time check).
  }, 120_000);

  it('regenerates in place: a second run over the same store leaves the same ledger', () => {
    const before = ledgerDigest(db);
    generateDemoLedger(fixture.store, { accounts: ACCOUNTS });
    expect(ledgerDigest(db)).toBe(before);
  }, 120_000);

  it("records each contract result as a user's transaction (transaction nonce 0), whatever the sender's Ethereum nonce", () => {
    // The Ethereum nonce is the ethereum_transaction row's; the result's transaction_nonce is the Hedera
    // transaction id's (a child's), which the results lists filter on: a sender's second one was hidden.
    expect(db.prepare('SELECT count(*) FROM ethereum_transaction WHERE nonce > 0').pluck().get()).toBeGreaterThan(0);
    expect(db.prepare('SELECT count(*) FROM contract_result WHERE transaction_nonce <> 0').pluck().get()).toBe(0);
  });

  it('stores public_key exactly as the importer derives it from the key', () => {
    const rows = db.prepare('SELECT key, public_key FROM entity').all() as KeyedRow[];
    for (const row of rows) expect(row.public_key).toBe(publicKeyOf(row.key));
  });

  it('gives ED25519 accounts real keys: the derived private key signs, the stored public key verifies', () => {
    const rows = userAccounts("hex(key) LIKE '1220%'");
    expect(rows.length).toBeGreaterThan(500);
    // Shared keys belong to the lowest account number that holds them.
    const owners = new Map<string, number>();
    for (const row of rows) if (!owners.has(row.public_key!)) owners.set(row.public_key!, row.num);
    expect(owners.size).toBeLessThan(rows.length);
    for (const [publicKey, owner] of owners) {
      expect(ed25519PublicKey(ed25519SeedFor(owner)).toString('hex')).toBe(publicKey);
    }
    const [publicKey, owner] = [...owners][0]!;
    const message = Buffer.from('mirrordesk');
    const signature = sign(null, message, ed25519PrivateKey(ed25519SeedFor(owner)));
    const verifier = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') }, format: 'jwk' });
    expect(verify(null, message, verifier, signature)).toBe(true);
  });

  it('gives ECDSA accounts valid compressed secp256k1 keys, with EVM addresses derived by keccak256', () => {
    const rows = userAccounts("hex(key) LIKE '3A21%'");
    expect(rows.length).toBeGreaterThan(300);
    let withAddress = 0;
    for (const row of rows) {
      const publicKey = Buffer.from(row.public_key!, 'hex');
      expect(publicKey).toHaveLength(33);
      expect(Buffer.from(secp256k1.getPublicKey(secp256k1PrivateKeyFor(row.num), true))).toEqual(publicKey);
      const point = secp256k1.Point.fromBytes(publicKey);
      point.assertValidity();
      const expected = Buffer.from(keccak_256(point.toBytes(false).subarray(1)).subarray(12));
      if (row.evm_address) {
        withAddress++;
        expect(row.evm_address).toEqual(expected);
        expect([row.key!.toString('hex'), expected.toString('hex')]).toContain(row.alias!.toString('hex'));
      } else {
        expect(row.alias).toBeNull();
      }
    }
    expect(withAddress).toBeGreaterThan(rows.length / 2);
  });

  it('includes threshold keys, hollow accounts (completed by the first transaction they pay) and key aliases', () => {
    const threshold = userAccounts("hex(key) LIKE '2A%'");
    expect(threshold.length).toBeGreaterThan(0);
    for (const row of threshold) expect(renderKey(row.key)?._type).toBe('ProtobufEncoded');
    // Every live account funds the next one created, so each hollow account has paid and was completed: only
    // its versions before that hold the empty key list (demo-consistency.test.ts checks the completion).
    const hollow = db.prepare(`SELECT DISTINCT e.num, e.key, e.public_key, e.alias, e.evm_address FROM entity_history h JOIN entity e ON e.id = h.id
      WHERE e.type = 'ACCOUNT' AND e.num > 1000 AND hex(h.key) = '3200'`).all() as KeyedRow[];
    expect(hollow.length).toBeGreaterThan(0);
    for (const row of hollow) expect(row.alias).toEqual(row.evm_address);
    expect(userAccounts("hex(key) LIKE '1220%' AND alias = key").length).toBeGreaterThan(0);
    expect(count('SELECT count(*) - count(DISTINCT alias) AS n FROM entity WHERE alias IS NOT NULL')).toBe(0);
  });

  it('shapes balances, deletions, staking and token associations like a real ledger', () => {
    const users = count("SELECT count(*) AS n FROM entity WHERE type = 'ACCOUNT' AND num > 1000 AND deleted = 0");
    const zero = count("SELECT count(*) AS n FROM entity WHERE type = 'ACCOUNT' AND num > 1000 AND deleted = 0 AND balance = 0");
    // Many hold nothing: about 15% here, 18% of 20,000 (a little fewer since generator 25, as a deleted account's funder gets what it held).
    expect(zero / users).toBeGreaterThan(0.14);
    expect(zero / users).toBeLessThan(0.45);
    expect(count("SELECT count(*) AS n FROM entity WHERE deleted = 1")).toBeGreaterThan(0);
    expect((db.prepare('SELECT balance FROM entity WHERE id = 2').safeIntegers(true).get() as { balance: bigint }).balance).toBeGreaterThan(10n ** 18n);
    expect(count("SELECT count(*) AS n FROM entity WHERE type = 'CONTRACT' AND evm_address IS NOT NULL")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM entity WHERE type = 'TOKEN'")).toBe(count('SELECT count(*) AS n FROM token'));

    expect(count('SELECT count(*) AS n FROM entity WHERE staked_node_id >= 0')).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM entity WHERE staked_node_id NOT BETWEEN -1 AND 28')).toBe(0);
    expect(count('SELECT count(*) AS n FROM entity WHERE staked_account_id IS NOT NULL')).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM entity_stake es JOIN entity e ON e.id = es.id WHERE e.staked_node_id < 0')).toBe(0);

    const heavy = count('SELECT count(*) AS n FROM (SELECT account_id FROM token_account WHERE associated = 1 GROUP BY account_id HAVING count(*) > 50)');
    expect(heavy).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM token_account ta LEFT JOIN token t ON t.token_id = ta.token_id WHERE t.token_id IS NULL')).toBe(0);
    expect(count("SELECT count(*) AS n FROM token WHERE type = 'NON_FUNGIBLE_UNIQUE'")).toBeGreaterThan(0);
    // Automatic associations fit the account's slots (-1: no limit), and accounts without slots remain.
    expect(count(`SELECT count(*) AS n FROM entity e WHERE e.max_automatic_token_associations <> -1 AND e.max_automatic_token_associations <
      (SELECT count(*) FROM token_account ta WHERE ta.account_id = e.id AND ta.associated = 1 AND ta.automatic_association = 1)`)).toBe(0);
    expect(count("SELECT count(*) AS n FROM entity WHERE type = 'ACCOUNT' AND num > 1000 AND max_automatic_token_associations = 0")).toBeGreaterThan(users / 4);
    // Supplies add up: holders plus the treasury make the total supply.
    expect(count('SELECT count(*) AS n FROM token t WHERE t.total_supply < (SELECT sum(balance) FROM token_account WHERE token_id = t.token_id)')).toBe(0);
  });

  it("makes every token balance the sum of the holder's token transfers, from its distribution on and never negative", () => {
    const fungible = "(SELECT token_id FROM token WHERE type = 'FUNGIBLE_COMMON')";
    const held = count(`SELECT count(*) AS n FROM token_account WHERE balance > 0 AND token_id IN ${fungible}`);
    expect(held).toBeGreaterThan(ACCOUNTS / 10);
    const mismatched = db.prepare(`SELECT ta.account_id, ta.token_id, ta.balance, (SELECT sum(amount) FROM token_transfer tt
      WHERE tt.token_id = ta.token_id AND tt.account_id = ta.account_id) AS total FROM token_account ta
      WHERE ta.token_id IN ${fungible} AND ta.balance IS NOT (SELECT coalesce(sum(amount), 0) FROM token_transfer tt
      WHERE tt.token_id = ta.token_id AND tt.account_id = ta.account_id) LIMIT 5`).all();
    expect(mismatched).toEqual([]);
    // The whole supply: minted to the treasury at creation, then only moved, so every holder's balance sums to it.
    expect(count(`SELECT count(*) AS n FROM token t WHERE t.type = 'FUNGIBLE_COMMON'
      AND t.total_supply != (SELECT sum(balance) FROM token_account WHERE token_id = t.token_id)`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM (SELECT tt.consensus_timestamp, tt.token_id FROM token_transfer tt
      GROUP BY tt.consensus_timestamp, tt.token_id HAVING sum(tt.amount) != 0) moved
      WHERE moved.consensus_timestamp != (SELECT created_timestamp FROM token WHERE token_id = moved.token_id)`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM (SELECT sum(amount) OVER (PARTITION BY token_id, account_id ORDER BY consensus_timestamp) AS running
      FROM token_transfer) WHERE running < 0`)).toBe(0);
    // Nothing moves before the account is associated, and the balance is as of its last change at the earliest.
    expect(count(`SELECT count(*) AS n FROM token_transfer tt JOIN token_account ta ON ta.token_id = tt.token_id AND ta.account_id = tt.account_id
      WHERE tt.consensus_timestamp < ta.created_timestamp`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM token_account ta WHERE ta.balance_timestamp < (SELECT max(consensus_timestamp)
      FROM token_transfer tt WHERE tt.token_id = ta.token_id AND tt.account_id = ta.account_id)`)).toBe(0);
    // An NFT holder's balance counts the serials it owns.
    expect(count(`SELECT count(*) AS n FROM token_account ta WHERE ta.token_id NOT IN ${fungible}
      AND ta.balance != (SELECT count(*) FROM nft WHERE nft.token_id = ta.token_id AND nft.account_id = ta.account_id AND nft.deleted = 0)`)).toBe(0);
  });

  it('dates every token relationship from the transaction that made it: an association, an airdrop claim, the funding transfer, or the token creation', () => {
    const TOKEN_ASSOCIATE = 40;
    const TOKEN_DISSOCIATE = 41;
    const TOKEN_CLAIM_AIRDROP = 60;
    const manual = count('SELECT count(*) AS n FROM token_account WHERE automatic_association = 0');
    const automatic = count('SELECT count(*) AS n FROM token_account WHERE automatic_association = 1');
    expect(manual).toBeGreaterThan(ACCOUNTS / 10);
    expect(automatic).toBeGreaterThan(ACCOUNTS / 50);
    // A treasury's relationship comes with the token; every other manual one is a successful TOKEN_ASSOCIATE of that
    // account, or its claim of an airdrop (which associates it).
    expect(count(`SELECT count(*) AS n FROM token_account ta
      WHERE ta.automatic_association = 0 AND ta.account_id != (SELECT treasury_account_id FROM token WHERE token_id = ta.token_id)
      AND NOT EXISTS (SELECT 1 FROM "transaction" t WHERE t.consensus_timestamp = ta.created_timestamp AND t.result = 22
        AND ((t.type = ${TOKEN_ASSOCIATE} AND t.entity_id = ta.account_id) OR (t.type = ${TOKEN_CLAIM_AIRDROP} AND t.payer_account_id = ta.account_id)))`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM "transaction" WHERE type = ${TOKEN_CLAIM_AIRDROP}`)).toBeGreaterThan(0);
    expect(count(`SELECT count(*) AS n FROM token_account ta JOIN token tk ON tk.token_id = ta.token_id
      WHERE ta.account_id = tk.treasury_account_id AND ta.created_timestamp != tk.created_timestamp`)).toBe(0);
    // An automatic one is made by the transfer that first brought the token.
    expect(count(`SELECT count(*) AS n FROM token_account ta WHERE ta.automatic_association = 1
      AND NOT EXISTS (SELECT 1 FROM token_transfer tt WHERE tt.consensus_timestamp = ta.created_timestamp AND tt.token_id = ta.token_id AND tt.account_id = ta.account_id AND tt.amount > 0)
      AND NOT EXISTS (SELECT 1 FROM nft_transfer nt WHERE nt.consensus_timestamp = ta.created_timestamp AND nt.token_id = ta.token_id AND nt.receiver_account_id = ta.account_id)`)).toBe(0);
    // No association transaction without its relationship, and a dissociated one ends in a TOKEN_DISSOCIATE it dates from.
    expect(count(`SELECT count(*) AS n FROM "transaction" t WHERE t.type = ${TOKEN_ASSOCIATE}
      AND NOT EXISTS (SELECT 1 FROM token_account ta WHERE ta.created_timestamp = t.consensus_timestamp AND ta.account_id = t.entity_id)`)).toBe(0);
    const dissociated = count('SELECT count(*) AS n FROM token_account WHERE associated = 0');
    expect(dissociated).toBeGreaterThan(0);
    expect(count(`SELECT count(*) AS n FROM token_account ta WHERE ta.associated = 0 AND NOT EXISTS (SELECT 1 FROM "transaction" t
      WHERE t.consensus_timestamp = ta.balance_timestamp AND t.type = ${TOKEN_DISSOCIATE} AND t.entity_id = ta.account_id
      AND t.consensus_timestamp > ta.created_timestamp)`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM "transaction" WHERE type = ${TOKEN_DISSOCIATE}`)).toBe(dissociated);
  });

  it("makes every user account's and contract's HBAR balance the sum of its transfers, never negative on the way, every transaction balanced", () => {
    const users = count("SELECT count(*) AS n FROM entity WHERE type = 'ACCOUNT' AND num > 1000");
    const mismatched = db.prepare(`SELECT e.num, e.balance, (SELECT sum(amount) FROM crypto_transfer WHERE entity_id = e.id) AS total
      FROM entity e WHERE e.type IN ('ACCOUNT', 'CONTRACT') AND e.num > 1000 AND e.balance IS NOT (SELECT coalesce(sum(amount), 0) FROM crypto_transfer WHERE entity_id = e.id)`).all();
    expect(users).toBeGreaterThan(ACCOUNTS / 2);
    expect(mismatched).toEqual([]);
    // Contracts hold HBAR too, each sent it by a transfer.
    expect(count("SELECT count(*) AS n FROM entity WHERE type = 'CONTRACT' AND balance > 0")).toBeGreaterThan(ACCOUNTS / 200);
    expect(count("SELECT count(*) AS n FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND balance < 0")).toBe(0);
    expect(count('SELECT count(*) AS n FROM (SELECT consensus_timestamp FROM crypto_transfer GROUP BY consensus_timestamp HAVING sum(amount) != 0)')).toBe(0);
    // Nor does any account or contract pay out more than it holds at that moment.
    expect(count(`SELECT count(*) AS n FROM (SELECT sum(amount) OVER (PARTITION BY entity_id ORDER BY consensus_timestamp) AS running
      FROM crypto_transfer WHERE entity_id IN (SELECT id FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT') AND num > 1000)) WHERE running < 0`)).toBe(0);
    // What histories left short, the treasury sent in the account's creation.
    expect(count(`SELECT count(*) AS n FROM entity e JOIN crypto_transfer c ON c.consensus_timestamp = e.created_timestamp AND c.entity_id = 2
      WHERE e.type = 'ACCOUNT' AND e.num > 1000 AND c.amount < 0`)).toBeGreaterThan(ACCOUNTS / 10);
    // Stakes follow the settled balances: each staker's stake is its balance, and what is staked to the nodes is
    // what their stakers hold plus the nodes' own stakes.
    expect(count('SELECT count(*) AS n FROM entity_stake s JOIN entity e ON e.id = s.id WHERE s.stake_total_start != e.balance')).toBe(0);
    const stakes = db.prepare(`SELECT (SELECT sum(stake_rewarded + stake_not_rewarded) FROM node_stake) AS staked,
      (SELECT sum(e.balance) FROM entity_stake s JOIN entity e ON e.id = s.id) AS stakers`)
      .safeIntegers(true).get() as { staked: bigint; stakers: bigint };
    const ownStakes = Array.from({ length: NODE_COUNT }, (_, node) => nodeOwnStake(node)).reduce((a, b) => a + b, 0n);
    expect(stakes.staked - stakes.stakers).toBe(ownStakes);
    // A node's stake is its consensus weight: capped at its maximum (some demo nodes pass it), none below its minimum;
    // the network's stake_total is their sum.
    const nodes = db.prepare('SELECT stake, stake_rewarded + stake_not_rewarded AS staked, min_stake AS min, max_stake AS max FROM node_stake')
      .safeIntegers(true).all() as Array<{ stake: bigint; staked: bigint; min: bigint; max: bigint }>;
    expect(nodes.filter((n) => n.stake !== consensusWeight(n.staked, n.min, n.max))).toEqual([]);
    expect(nodes.some((n) => n.staked > n.max && n.stake === n.max)).toBe(true);
    expect(nodes.every((n) => n.stake <= n.max)).toBe(true);
    const networkTotal = db.prepare('SELECT stake_total FROM network_stake').safeIntegers(true).pluck().get() as bigint;
    expect(networkTotal).toBe(nodes.reduce((sum, n) => sum + n.stake, 0n));
    // The balance is as of the account's last transfer at the earliest.
    expect(count(`SELECT count(*) AS n FROM entity e WHERE e.type = 'ACCOUNT' AND e.num > 1000
      AND e.balance_timestamp < (SELECT max(consensus_timestamp) FROM crypto_transfer WHERE entity_id = e.id)`)).toBe(0);
  });

  it('passes serials on from collector to collector: the NFT moves, its earlier owner becomes a version of its history, both holdings count it', () => {
    const resales = nftResales();
    expect(resales.length).toBeGreaterThan(20);
    expect(resales.some((r) => r.proceeds > 0)).toBe(true);
    expect(resales.some((r) => r.proceeds === 0)).toBe(true);
    const version = db.prepare(`SELECT account_id FROM (SELECT account_id, timestamp_range_lower, NULL AS timestamp_range_upper FROM nft WHERE token_id = ? AND serial_number = ?
      UNION ALL SELECT account_id, timestamp_range_lower, timestamp_range_upper FROM nft_history WHERE token_id = ? AND serial_number = ?)
      WHERE timestamp_range_lower = ? OR timestamp_range_upper = ? ORDER BY timestamp_range_lower`).pluck();
    for (const r of resales) {
      // The seller owned it until the transfer, the buyer from it on; a CRYPTOTRANSFER that the buyer paid for (a sale) or the giver (a gift).
      expect(version.all(r.token, r.serial, r.token, r.serial, r.at, r.at), `${r.token}/${r.serial} at ${r.at}`).toEqual([r.sender, r.receiver]);
      expect(r.type).toBe(14);
      expect(r.payer).toBe(r.proceeds > 0 ? r.receiver : r.sender);
    }
    // The network clears a single-serial approval when the serial changes hands.
    expect(count(`SELECT count(*) AS n FROM nft n JOIN nft_transfer nt ON nt.token_id = n.token_id AND nt.serial_number = n.serial_number
      AND nt.consensus_timestamp = n.timestamp_range_lower WHERE n.spender IS NOT NULL`)).toBe(0);
    // Both holdings count serials by their owners (the NFT balance check above) and date from the resale at the earliest.
    expect(count(`SELECT count(*) AS n FROM nft_transfer nt JOIN token_account ta ON ta.token_id = nt.token_id
      AND ta.account_id IN (nt.sender_account_id, nt.receiver_account_id) WHERE ta.balance_timestamp < nt.consensus_timestamp`)).toBe(0);
  });

  it("versions every serial as the reference's importer does: minted, then one version per transfer, approval or burn", () => {
    type Version = { token: bigint; serial: bigint; account: bigint | null; created: bigint | null; deleted: bigint; metadata: Buffer;
      spender: bigint | null; lower: bigint; upper: bigint | null };
    const versions = db.prepare(`SELECT token_id AS token, serial_number AS serial, account_id AS account, created_timestamp AS created, deleted,
        metadata, spender, timestamp_range_lower AS lower, timestamp_range_upper AS upper FROM nft_history
      UNION ALL SELECT token_id, serial_number, account_id, created_timestamp, deleted, metadata, spender, timestamp_range_lower, NULL FROM nft
      ORDER BY token, serial, lower`).safeIntegers(true).all() as Version[];
    const transaction = db.prepare('SELECT type, payer_account_id AS payer, result FROM "transaction" WHERE consensus_timestamp = ?').safeIntegers(true);
    const moved = db.prepare(`SELECT sender_account_id AS sender, receiver_account_id AS receiver FROM nft_transfer
      WHERE token_id = ? AND serial_number = ? AND consensus_timestamp = ?`).safeIntegers(true);
    const treasury = db.prepare('SELECT treasury_account_id FROM token WHERE token_id = ?').safeIntegers(true).pluck();
    const serials = Map.groupBy(versions, (v) => `${v.token}/${v.serial}`);
    const began = { 37: 0, 14: 0, 60: 0, 48: 0, 38: 0 } as Record<number, number>;
    for (const [key, chain] of serials) {
      const [mint] = chain;
      // The mint: the treasury's, from the TOKENMINT that moved the serial from nobody to it; created there, metadata for good.
      expect(mint!.lower, key).toBe(mint!.created);
      expect(transaction.get(mint!.lower), key).toMatchObject({ type: 37n, result: 22n });
      expect(moved.get(mint!.token, mint!.serial, mint!.lower), key).toEqual({ sender: null, receiver: treasury.get(mint!.token) });
      expect([mint!.account, mint!.spender, mint!.deleted], key).toEqual([treasury.get(mint!.token), null, 0n]);
      chain.forEach((version, i) => {
        const previous = chain[i - 1];
        const at = `${key} at ${version.lower}`;
        expect([version.created, version.metadata], at).toEqual([mint!.created, mint!.metadata]);
        // Each closes the one before at its own start: no gap, no overlap; only the last is open.
        expect(version.upper, at).toBe(chain[i + 1]?.lower ?? null);
        const tx = transaction.get(version.lower) as { type: bigint; payer: bigint; result: bigint };
        expect(tx.result, at).toBe(22n);
        began[Number(tx.type)] = (began[Number(tx.type)] ?? 0) + 1;
        if (!previous) return;
        const transfer = moved.get(version.token, version.serial, version.lower) as { sender: bigint | null; receiver: bigint | null } | undefined;
        if (tx.type === 48n) {
          // A single-serial approval by the owner: same owner, a spender.
          expect(transfer, at).toBeUndefined();
          expect([version.account, tx.payer, version.deleted], at).toEqual([previous.account, previous.account, 0n]);
          expect(version.spender, at).not.toBeNull();
          return;
        }
        // A transfer or a burn from the owner, which clears any spender; a burn leaves no owner.
        expect(transfer, at).toEqual({ sender: previous.account, receiver: version.account });
        expect(version.spender, at).toBeNull();
        expect(version.deleted, at).toBe(tx.type === 38n ? 1n : 0n);
        expect(previous.deleted, at).toBe(0n);
      });
    }
    expect(serials.size).toBe(count('SELECT count(*) AS n FROM nft'));
    // Mints, treasury deliveries and resales (CRYPTOTRANSFER), airdrop claims, approvals and burns.
    for (const type of [37, 14, 60, 48, 38]) expect(began[type], `versions begun by type ${type}`).toBeGreaterThan(0);
  });

  it('charges each resale what HIP-18 charges: the royalty out of the seller\'s HBAR, else the fallback fee from the receiver, none to the treasury or the collector', () => {
    type Expected = { amount: number; collector: number; payers: string; token: null };
    const schedule = db.prepare("SELECT royalty_fees FROM custom_fee WHERE entity_id = ? AND royalty_fees != '[]'").pluck();
    const assessed = db.prepare(`SELECT amount, collector_account_id AS collector, effective_payer_account_ids AS payers, token_id AS token
      FROM assessed_custom_fee WHERE consensus_timestamp = ?`).safeIntegers(false);
    const seen = { royalty: 0, fallback: 0, giftWithoutFallback: 0, exempt: 0 };
    for (const r of nftResales()) {
      const json = schedule.get(r.token) as string | undefined;
      const royalty = json ? (JSON.parse(json) as Array<{ numerator: number; denominator: number; collector_account_id: number; fallback_fee: { amount: number } | null }>)[0]! : null;
      const expected: Expected[] = [];
      if (royalty) {
        const collector = royalty.collector_account_id;
        // The collection's treasury and the fee's collector pay neither the royalty nor its fallback.
        const exempt = (account: number) => account === r.treasury || account === collector;
        if (r.proceeds > 0 && exempt(r.sender)) seen.exempt++;
        else if (r.proceeds > 0) expected.push({ amount: Math.floor((r.proceeds * royalty.numerator) / royalty.denominator), collector, payers: `[${r.sender}]`, token: null });
        else if (royalty.fallback_fee === null) seen.giftWithoutFallback++;
        else if (exempt(r.receiver)) seen.exempt++;
        else expected.push({ amount: royalty.fallback_fee.amount, collector, payers: `[${r.receiver}]`, token: null });
        if (expected.length > 0) seen[r.proceeds > 0 ? 'royalty' : 'fallback']++;
      }
      expect(assessed.all(r.at), `${r.token}/${r.serial} at ${r.at}`).toEqual(expected);
    }
    expect(seen.royalty).toBeGreaterThan(3);
    expect(seen.fallback).toBeGreaterThan(3);
    expect(seen.giftWithoutFallback).toBeGreaterThan(0);
  });
});

interface NftResale {
  at: bigint; token: number; serial: number; sender: number; receiver: number; treasury: number; payer: number; type: number;
  /** The HBAR the sender received for the serial before any royalty came out of it (0 for a gift). */
  proceeds: number;
}

/**
 * Every serial a collector passed on to another (not to or from its treasury), with what the sender
 * got for it: its HBAR credit in the transaction, plus the transaction fee where it paid that, plus
 * the fees charged to it (which came out of what it received).
 */
function nftResales(): NftResale[] {
  return db.prepare(`SELECT nt.consensus_timestamp AS at, nt.token_id AS token, nt.serial_number AS serial, nt.sender_account_id AS sender,
      nt.receiver_account_id AS receiver, tk.treasury_account_id AS treasury, t.payer_account_id AS payer, t.type,
      coalesce((SELECT amount FROM crypto_transfer c WHERE c.consensus_timestamp = nt.consensus_timestamp AND c.entity_id = nt.sender_account_id), 0)
        - coalesce((SELECT amount FROM staking_reward_transfer s WHERE s.consensus_timestamp = nt.consensus_timestamp AND s.account_id = nt.sender_account_id), 0)
        + CASE WHEN t.payer_account_id = nt.sender_account_id THEN t.charged_tx_fee ELSE 0 END
        + coalesce((SELECT sum(amount) FROM assessed_custom_fee a WHERE a.consensus_timestamp = nt.consensus_timestamp
          AND a.effective_payer_account_ids = '[' || nt.sender_account_id || ']'), 0) AS proceeds
    FROM nft_transfer nt JOIN token tk ON tk.token_id = nt.token_id JOIN "transaction" t ON t.consensus_timestamp = nt.consensus_timestamp
    WHERE nt.sender_account_id IS NOT NULL AND nt.receiver_account_id IS NOT NULL
      AND tk.treasury_account_id NOT IN (nt.sender_account_id, nt.receiver_account_id)
    ORDER BY nt.consensus_timestamp`).safeIntegers(true).all().map((row) => {
    // Timestamps need all 64 bits; the rest are safe as numbers.
    const { at, ...rest } = row as Record<string, bigint>;
    return { at: at!, ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, Number(value)])) } as NftResale;
  });
}

describe('the accounts API over a generated ledger', () => {
  const get = async (url: string) => {
    const response = await fixture.get(url);
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body) as { accounts: Array<Record<string, unknown>>; links: { next: string | null } };
  };
  const FIELDS = ['account', 'alias', 'auto_renew_period', 'balance', 'created_timestamp', 'decline_reward', 'deleted',
    'ethereum_nonce', 'evm_address', 'expiry_timestamp', 'key', 'max_automatic_token_associations', 'memo', 'pending_reward',
    'receiver_sig_required', 'staked_account_id', 'staked_node_id', 'stake_period_start'];

  it('lists well-formed AccountInfo objects, tokens never among them', async () => {
    for (const url of ['/api/v1/accounts?limit=100', '/api/v1/accounts?limit=100&account.id=gt:0.0.1500', '/api/v1/accounts?limit=100&order=desc']) {
      const body = await get(url);
      expect(body.accounts).toHaveLength(100);
      expect(body.links.next).not.toBeNull();
      for (const account of body.accounts) {
        expect(Object.keys(account).sort()).toEqual([...FIELDS].sort());
        expect(account.account).toMatch(/^0\.0\.\d+$/);
        expect(account.evm_address).toMatch(/^0x[0-9a-f]{40}$/);
        if (account.alias !== null) expect(account.alias).toMatch(/^[A-Z2-7]+$/);
        if (account.key !== null) expect(['ED25519', 'ECDSA_SECP256K1', 'ProtobufEncoded']).toContain((account.key as { _type: string })._type);
        expect(account.created_timestamp).toMatch(/^\d{10}\.\d{9}$/);
        const balance = account.balance as { balance: number; timestamp: string; tokens: unknown[] };
        expect(balance.timestamp).toMatch(/^\d{10}\.\d{9}$/);
        expect(Array.isArray(balance.tokens)).toBe(true);
      }
    }
  });

  it('shows token balances, capped at 50, for an account with many associations', async () => {
    const { account_id: id } = db.prepare('SELECT account_id FROM token_account WHERE associated = 1 GROUP BY account_id HAVING count(*) > 50 LIMIT 1').get() as { account_id: number };
    const body = await get(`/api/v1/accounts?account.id=0.0.${id}`);
    expect((body.accounts[0]!.balance as { tokens: unknown[] }).tokens).toHaveLength(50);
  });

  it('finds every holder of a shared public key and filters by balance', async () => {
    const { public_key: key, n } = db.prepare(`SELECT public_key, count(*) AS n FROM entity WHERE num > 1000 AND type = 'ACCOUNT' AND public_key IS NOT NULL
      GROUP BY public_key HAVING count(*) > 1 ORDER BY n DESC LIMIT 1`).get() as { public_key: string; n: number };
    const byKey = await get(`/api/v1/accounts?account.publickey=${key}&limit=100`);
    expect(byKey.accounts).toHaveLength(n);
    // The API takes balance filters of at most 10 digits, as the reference does.
    const rich = await get('/api/v1/accounts?account.balance=gt:9999999999&limit=25');
    expect(rich.accounts.length).toBeGreaterThan(0);
    for (const account of rich.accounts) expect((account.balance as { balance: number }).balance).toBeGreaterThan(9_999_999_999);
  });
});
