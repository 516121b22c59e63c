import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { longZeroAddress } from '../../../main/mirror/demo/actors.ts';
import { GAS_PRICE_TINYBARS } from '../../../main/mirror/demo/gas-price.ts';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { secp256k1PrivateKeyFor } from '../../../main/mirror/demo/keys.ts';
import { INITIAL_RUNNING_HASH, nextRunningHash } from '../../../main/mirror/demo/topic-running-hash.ts';
import { parseJsonLossless } from '../../../main/mirror/format/json-out.ts';
import { ecdsaKeyBytes } from '../../../main/mirror/format/key.ts';
import { unreleasedAccountIds } from '../../../main/mirror/network/unreleased-supply.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// What a real ledger cannot show, checked over a generated demo: HBAR no transfer brought, balances that do not
// add up to the supply, running hashes the network would not compute, payers without a key, blooms missing what
// their logs name, a gas price /network/fees does not give, entities numbered out of their creation order.
const fixture = mirrorApiFixture((store) => {
  generateDemoLedger(store, { accounts: 3000, keyThread: false });
});
const db = fixture.store.db;
const count = (sql: string, ...params: unknown[]) => db.prepare(sql).pluck().get(...params) as number;
const EMPTY_KEY_LIST = Buffer.from('3200', 'hex');

interface BalancesPage { timestamp: string | null; balances: Array<{ account: string; balance: number | bigint }>; links: { next: string | null } }

/** Every balance /balances lists (as of `timestamp`, when given), page by page. */
async function allBalances(timestamp?: string): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (let next: string | null = `/api/v1/balances?limit=100${timestamp ? `&timestamp=${timestamp}` : ''}`; next;) {
    // Lossless: the treasury's balance passes 2^53.
    const page = parseJsonLossless((await fixture.get(next)).body) as BalancesPage;
    for (const { account, balance } of page.balances) balances.set(account, BigInt(balance));
    next = page.links.next;
  }
  return balances;
}

const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

describe('the demo ledger, as the network would have written it', () => {
  it('sends each contract its HBAR in a transfer from its creator, so its balance adds up now and at every earlier moment', async () => {
    const funded = db.prepare(`SELECT e.id, e.balance, e.created_timestamp AS created, t.payer_account_id AS creator FROM entity e
      JOIN "transaction" t ON t.consensus_timestamp = e.created_timestamp WHERE e.type = 'CONTRACT' AND e.balance > 0`).safeIntegers(true)
      .all() as Array<{ id: bigint; balance: bigint; created: bigint; creator: bigint }>;
    expect(funded.length).toBeGreaterThan(10);
    const fundingOf = db.prepare(`SELECT t.consensus_timestamp AS at, t.type, t.payer_account_id AS payer, c.amount,
        (SELECT amount FROM crypto_transfer WHERE consensus_timestamp = t.consensus_timestamp AND entity_id = t.payer_account_id) AS paid
      FROM crypto_transfer c JOIN "transaction" t ON t.consensus_timestamp = c.consensus_timestamp WHERE c.entity_id = ?`).safeIntegers(true);
    for (const contract of funded) {
      const transfers = fundingOf.all(contract.id) as Array<{ at: bigint; type: bigint; payer: bigint; amount: bigint; paid: bigint }>;
      expect(transfers).toHaveLength(1);
      const [funding] = transfers;
      // A CRYPTOTRANSFER paid by the creator just after the creation, out of the creator's HBAR.
      expect(funding).toMatchObject({ type: 14n, payer: contract.creator, amount: contract.balance });
      expect(funding!.at).toBeGreaterThan(contract.created);
      expect(funding!.paid).toBeLessThan(0n);
    }
    // Its creation moves no value: the examples' constructors are not payable.
    expect(count("SELECT count(*) FROM contract_result r JOIN entity e ON e.id = r.contract_id WHERE r.consensus_timestamp = e.created_timestamp AND r.amount != 0")).toBe(0);
    // Every snapshot balance of a user account or contract is what its transfers had given it by then.
    expect(count(`SELECT count(*) FROM account_balance b WHERE b.account_id > 1000 AND b.balance != (SELECT coalesce(sum(amount), 0) FROM crypto_transfer c
      WHERE c.entity_id = b.account_id AND c.consensus_timestamp <= b.consensus_timestamp)`)).toBe(0);
    // Through the API (a past balance is its snapshot's): nothing before the funding, the amount from the next snapshot on;
    // the contract's transactions list the transfer.
    const contract = funded[0]!;
    const at = (fundingOf.all(contract.id) as Array<{ at: bigint }>)[0]!.at;
    const nextSnapshot = db.prepare('SELECT min(consensus_timestamp) FROM account_balance WHERE consensus_timestamp >= ?').safeIntegers(true).pluck().get(at) as bigint;
    const id = `0.0.${contract.id}`;
    const asOf = async (ns: bigint) => (parseJsonLossless((await fixture.get(`/api/v1/accounts/${id}?timestamp=${formatNs(ns)}`)).body) as { balance: { balance: number | bigint } }).balance.balance;
    expect(await asOf(at - 1n)).toBe(0);
    expect(BigInt(await asOf(nextSnapshot))).toBe(contract.balance);
    const listed = (await fixture.get(`/api/v1/transactions?account.id=${id}`)).json() as { transactions: Array<{ name: string }> };
    expect(listed.transactions.map((t) => t.name)).toContain('CRYPTOTRANSFER');
  });

  it("adds every balance, contracts' included, up to /network/supply's total supply, now and at a past snapshot; the treasury holds the rest", async () => {
    const supply = (await fixture.get('/api/v1/network/supply')).json() as { released_supply: string; total_supply: string };
    const now = await allBalances();
    expect(now.size).toBe(count("SELECT count(*) FROM entity WHERE type IN ('ACCOUNT', 'CONTRACT')"));
    expect(sum(now.values())).toBe(BigInt(supply.total_supply));
    // Released: all but what the treasury and the other unreleased accounts hold, as the reference works it out.
    const unreleased = new Set(unreleasedAccountIds(0, 0).map((id) => `0.0.${id}`));
    expect(BigInt(supply.released_supply)).toBe(sum([...now].filter(([account]) => !unreleased.has(account)).map(([, balance]) => balance)));
    expect(now.get('0.0.2')).toBeGreaterThan(BigInt(supply.total_supply) / 2n);
    // A year back, from the snapshots.
    const past = await allBalances(String(1_792_000_000 - 365 * 86_400));
    expect(past.size).toBeGreaterThan(1000);
    expect(past.size).toBeLessThan(now.size);
    expect(sum(past.values())).toBe(BigInt(supply.total_supply));
    // Never below zero: at every snapshot, the treasury too.
    expect(count('SELECT count(*) FROM account_balance WHERE balance < 0')).toBe(0);
  });

  it("chains every topic's running hash as the network does (version 3), from 48 zero bytes", () => {
    const topics = db.prepare("SELECT id FROM entity WHERE type = 'TOPIC'").pluck().all() as number[];
    const messages = db.prepare(`SELECT consensus_timestamp AS at, payer_account_id AS payer, message, running_hash AS hash, running_hash_version AS version,
      sequence_number AS sequence FROM topic_message WHERE topic_id = ? ORDER BY sequence_number`).safeIntegers(true);
    let checked = 0;
    for (const topic of topics) {
      let previous = INITIAL_RUNNING_HASH;
      for (const m of messages.all(topic) as Array<{ at: bigint; payer: bigint; message: Buffer; hash: Buffer; version: bigint; sequence: bigint }>) {
        const expected = nextRunningHash({ previous, payer: { shard: 0, realm: 0, num: Number(m.payer) }, topic: { shard: 0, realm: 0, num: topic },
          consensusNs: m.at, sequenceNumber: Number(m.sequence), message: m.message });
        expect(m.version).toBe(3n);
        expect(m.hash.toString('hex'), `topic 0.0.${topic} message ${m.sequence}`).toBe(expected.toString('hex'));
        previous = m.hash;
        checked++;
      }
    }
    expect(checked).toBe(count('SELECT count(*) FROM topic_message'));
    expect(checked).toBeGreaterThan(500);
  });

  it('has every payer hold a key it can sign with when it pays: hollow accounts completed by their first payment, with the key behind their alias', () => {
    const keyAt = (table: 'entity' | 'entity_history') => `EXISTS (SELECT 1 FROM ${table} v WHERE v.id = t.payer_account_id AND v.timestamp_range_lower <= t.consensus_timestamp
      ${table === 'entity_history' ? 'AND t.consensus_timestamp < v.timestamp_range_upper' : ''} AND v.key IS NOT NULL AND v.key != X'3200')`;
    expect(count(`SELECT count(*) FROM "transaction" t WHERE NOT (${keyAt('entity')} OR ${keyAt('entity_history')})`)).toBe(0);
    expect(count("SELECT count(*) FROM entity WHERE type = 'ACCOUNT' AND id > 1000 AND key IS NULL")).toBe(0);

    const completed = db.prepare(`SELECT DISTINCT e.id, e.key, e.alias, (SELECT min(consensus_timestamp) FROM "transaction" WHERE payer_account_id = e.id) AS firstPaid
      FROM entity_history h JOIN entity e ON e.id = h.id WHERE h.key = ?`).safeIntegers(true)
      .all(EMPTY_KEY_LIST) as Array<{ id: bigint; key: Buffer; alias: Buffer; firstPaid: bigint }>;
    expect(completed.length).toBeGreaterThan(20);
    const versionsOf = db.prepare(`SELECT key, timestamp_range_lower AS lower, timestamp_range_upper AS upper FROM entity_history WHERE id = ?
      UNION ALL SELECT key, timestamp_range_lower, NULL FROM entity WHERE id = ? ORDER BY lower`).safeIntegers(true);
    for (const account of completed) {
      const publicKey = Buffer.from(secp256k1.getPublicKey(secp256k1PrivateKeyFor(Number(account.id)), true));
      // The ECDSA key whose EVM address is the alias the account was created at.
      expect(account.key).toEqual(ecdsaKeyBytes(publicKey));
      expect(Buffer.from(keccak_256(secp256k1.Point.fromBytes(publicKey).toBytes(false).subarray(1)).subarray(12))).toEqual(account.alias);
      const versions = versionsOf.all(account.id, account.id) as Array<{ key: Buffer; lower: bigint; upper: bigint | null }>;
      // Contiguous versions, the empty key list until the first payment, the key from exactly then on.
      versions.slice(1).forEach((version, i) => expect(versions[i]!.upper).toBe(version.lower));
      expect(versions.some((v) => v.lower === account.firstPaid)).toBe(true);
      for (const version of versions) expect(version.key).toEqual(version.lower < account.firstPaid ? EMPTY_KEY_LIST : account.key);
    }
  });

  it("sets in each log's bloom the address it is served with and its topics; each result's and block's bloom holds its logs'", async () => {
    const logs = db.prepare(`SELECT l.consensus_timestamp AS at, l.contract_id AS contract, e.evm_address AS evm, l.bloom, l.topic0, l.topic1, l.topic2, l.topic3,
      r.bloom AS resultBloom, b.logs_bloom AS blockBloom FROM contract_log l JOIN entity e ON e.id = l.contract_id
      JOIN contract_result r ON r.consensus_timestamp = l.consensus_timestamp JOIN record_file b ON l.consensus_timestamp BETWEEN b.consensus_start AND b.consensus_end`)
      .safeIntegers(true).all() as Array<{ at: bigint; contract: bigint; evm: Buffer | null; bloom: Buffer; resultBloom: Buffer; blockBloom: Buffer } & Record<`topic${0 | 1 | 2 | 3}`, Buffer | null>>;
    expect(logs.length).toBe(count('SELECT count(*) FROM contract_log'));
    // Logs of contracts with an EVM address of their own (CREATE2, or an Ethereum create) are among them.
    expect(logs.filter((log) => log.evm !== null).length).toBeGreaterThan(20);
    for (const log of logs) {
      const address = log.evm ?? longZeroAddress(Number(log.contract));
      const items = [address, ...[log.topic0, log.topic1, log.topic2, log.topic3].filter((t): t is Buffer => t !== null)];
      for (const item of items) expect(bloomHas(log.bloom, item), `log at ${log.at}`).toBe(true);
      expect(covers(log.resultBloom, log.bloom)).toBe(true);
      expect(covers(log.blockBloom, log.resultBloom)).toBe(true);
    }
    // And the API serves the log with that address.
    const served = logs.find((log) => log.evm !== null)!;
    const body = (await fixture.get(`/api/v1/contracts/0.0.${served.contract}/results/logs?limit=1&timestamp=${formatNs(served.at)}`)).json() as { logs: Array<{ address: string; bloom: string }> };
    expect(body.logs[0]!.address).toBe(`0x${served.evm!.toString('hex')}`);
  });

  it('charges contract gas at the price /network/fees gives', async () => {
    const { fees } = (await fixture.get('/api/v1/network/fees')).json() as { fees: Array<{ gas: number; transaction_type: string }> };
    expect(fees.map((f) => f.gas)).toEqual(fees.map(() => GAS_PRICE_TINYBARS));
    const price = fees.find((f) => f.transaction_type === 'ContractCall')!.gas;
    // What a call is charged beyond its gas is the same for every call (a fixed base fee), whatever gas it used.
    const rest = db.prepare(`SELECT DISTINCT t.charged_tx_fee - r.gas_used * ? FROM "transaction" t JOIN contract_result r ON r.consensus_timestamp = t.consensus_timestamp
      WHERE t.type = ?`).pluck();
    expect(count('SELECT count(DISTINCT r.gas_used) FROM "transaction" t JOIN contract_result r ON r.consensus_timestamp = t.consensus_timestamp WHERE t.type = 7')).toBeGreaterThan(5);
    expect(rest.all(price, 7)).toHaveLength(1);
    expect(rest.all(price, 8)).toHaveLength(1);
  });

  it('creates every entity after the one numbered before it', () => {
    const outOfOrder = db.prepare(`SELECT id, created, before FROM (SELECT id, created_timestamp AS created, lag(created_timestamp) OVER (ORDER BY id) AS before
      FROM entity WHERE id > 1000) WHERE created <= before`).all();
    expect(outOfOrder).toEqual([]);
    expect(count('SELECT count(*) FROM entity WHERE id > 1000 AND created_timestamp IS NULL')).toBe(0);
  });
});

/** A consensus timestamp as the API takes it. */
function formatNs(ns: bigint): string {
  return `${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, '0')}`;
}

/** Whether a 2048-bit logs bloom has the three bits of `item` (the Ethereum yellow paper's M3:2048). */
function bloomHas(bloom: Buffer, item: Buffer): boolean {
  const hash = keccak_256(item);
  return [0, 2, 4].every((i) => {
    const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047;
    return (bloom[255 - (bit >> 3)]! & (1 << (bit & 7))) !== 0;
  });
}

/** Whether every bit of `part` is set in `whole`. */
function covers(whole: Buffer, part: Buffer): boolean {
  return part.every((byte, i) => (whole[i]! & byte) === byte);
}
