import { describe, expect, it } from 'vitest';
import { CONTRACT_MEMOS } from '../../../main/mirror/demo/contract-history.ts';
import { EXAMPLE_ARTIFACT } from '../../../main/mirror/demo/example-contracts.ts';
import { generateDemoLedger } from '../../../main/mirror/demo/generate-ledger.ts';
import { nodeFullRewardRate } from '../../../main/mirror/demo/network.ts';
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

describe('staking rewards, as HIP-406 pays them', () => {
  const DAY_NANOS = 86_400n * NANOS;
  const TINYBARS_PER_HBAR = 100_000_000n;
  const SUCCESS = 22n;
  /** Each node's reward_rate (tinybars a day per whole HBAR staked to it) as the ledger records it. */
  const rateOf = (node: bigint) => db.prepare('SELECT reward_rate FROM node_stake WHERE node_id = ?').safeIntegers(true).pluck().get(node) as bigint;
  type Payout = { account: bigint; amount: bigint; at: bigint; payer: bigint };
  const payouts = () => db.prepare('SELECT account_id AS account, amount, consensus_timestamp AS at, payer_account_id AS payer FROM staking_reward_transfer ORDER BY account_id, consensus_timestamp')
    .safeIntegers(true).all() as Payout[];
  /** An account's versions, oldest first: entity_history's, then its current row. */
  const versions = (id: bigint) => db.prepare(`SELECT staked_node_id AS node, decline_reward AS declined, stake_period_start AS periodStart, timestamp_range_lower AS lower
    FROM entity_history WHERE id = ? UNION ALL SELECT staked_node_id, decline_reward, stake_period_start, timestamp_range_lower FROM entity WHERE id = ? ORDER BY lower`)
    .safeIntegers(true).all(id, id) as Array<{ node: bigint; declined: bigint; periodStart: bigint; lower: bigint }>;

  it('pays a node staker at every successful transaction that changes its HBAR balance once a period has closed since it was last paid, whoever pays for it', () => {
    const stakers = db.prepare("SELECT id FROM entity WHERE type = 'ACCOUNT' AND staked_node_id >= 0 AND decline_reward = 0").safeIntegers(true).pluck().all() as bigint[];
    const changes = db.prepare(`SELECT DISTINCT ct.consensus_timestamp FROM crypto_transfer ct JOIN "transaction" t ON t.consensus_timestamp = ct.consensus_timestamp
      WHERE ct.entity_id = ? AND ct.consensus_timestamp >= ? AND t.result = ? ORDER BY ct.consensus_timestamp`).safeIntegers(true).pluck();
    const paidTo = Map.groupBy(payouts(), (p) => p.account);
    let busy = 0;
    let unpaid = 0;
    for (const id of stakers) {
      // Its stake began with its first version staking to a node, in the period that version names.
      const stake = versions(id).find((v) => v.node >= 0n)!;
      let paidThrough = stake.periodStart;
      const expected: bigint[] = [];
      for (const at of changes.all(id, stake.lower, SUCCESS) as bigint[]) {
        const closed = at / DAY_NANOS - 1n;
        if (closed <= paidThrough) continue;
        expected.push(at);
        paidThrough = closed;
      }
      const paid = paidTo.get(id) ?? [];
      // A stake under one whole HBAR earns nothing (rewards are per whole HBAR): never paid.
      if (paid.length === 0 && expected.length > 0) {
        unpaid++;
        continue;
      }
      expect(paid.map((p) => p.at), `0.0.${id}`).toEqual(expected);
      if (paid.length >= 10) busy++;
      // Proportional to the periods it covers (the last 365 at most): the same reward a day throughout, a
      // whole number of HBARs' daily reward, never a tinybar of dust.
      let since = stake.periodStart;
      const perDay = paid.map((p) => {
        const periods = p.at / DAY_NANOS - 1n - since < 365n ? p.at / DAY_NANOS - 1n - since : 365n;
        since = p.at / DAY_NANOS - 1n;
        expect(p.amount % periods, `0.0.${id}`).toBe(0n);
        return p.amount / periods;
      });
      if (perDay.length === 0) continue;
      expect(new Set(perDay).size, `0.0.${id}`).toBe(1);
      // Whole HBARs at its node's rate (generator 24; before, a flat 6,800 a day whatever the node's rate).
      expect(perDay[0]! > 0n && perDay[0]! % rateOf(stake.node) === 0n, `0.0.${id}`).toBe(true);
    }
    expect(busy, 'stakers paid at least ten times').toBeGreaterThan(5);
    expect(unpaid, 'stakers of less than an HBAR, never paid').toBeLessThan(stakers.length / 2);
    // Many payouts come with a transaction someone else paid for: a transfer to the staker.
    const all = payouts();
    expect(all.filter((p) => p.payer !== p.account).length).toBeGreaterThan(all.length / 4);
    // None to an account that declines rewards or stakes to no node.
    const ineligible = db.prepare('SELECT count(*) FROM staking_reward_transfer s JOIN entity e ON e.id = s.account_id WHERE e.staked_node_id < 0 OR e.decline_reward = 1').pluck().get();
    expect(ineligible).toBe(0);
  });

  it('moves each payout from 0.0.800 to the staker inside its transaction, and starts a version of the staker paid through the day before', () => {
    const transaction = db.prepare('SELECT payer_account_id AS payer, result FROM "transaction" WHERE consensus_timestamp = ?').safeIntegers(true);
    const transfer = db.prepare('SELECT amount FROM crypto_transfer WHERE consensus_timestamp = ? AND entity_id = ?').safeIntegers(true).pluck();
    const paidIn = Map.groupBy(payouts(), (p) => p.at);
    for (const [at, paid] of paidIn) {
      expect(transaction.get(at), `${at}`).toEqual({ payer: paid[0]!.payer, result: SUCCESS });
      expect(transfer.all(at, 800), `${at}`).toEqual([-paid.reduce((sum, p) => sum + p.amount, 0n)]);
      for (const p of paid) {
        expect(p.amount, `${at}`).toBeGreaterThan(0n);
        expect(transfer.all(at, p.account), `0.0.${p.account} at ${at}`).toHaveLength(1);
        expect(versions(p.account).find((v) => v.lower === at)?.periodStart, `0.0.${p.account} at ${at}`).toBe(at / DAY_NANOS - 1n);
      }
    }
    // 0.0.800 moves nothing else: its balance in every snapshot is today's plus what it paid out since.
    const paidOut = db.prepare('SELECT coalesce(sum(amount), 0) FROM staking_reward_transfer WHERE consensus_timestamp > ?').safeIntegers(true).pluck();
    const current = db.prepare('SELECT balance FROM entity WHERE id = 800').safeIntegers(true).pluck().get() as bigint;
    const snapshots = db.prepare('SELECT consensus_timestamp AS at, balance FROM account_balance WHERE account_id = 800').safeIntegers(true).all() as Array<{ at: bigint; balance: bigint }>;
    expect(snapshots.length).toBeGreaterThan(10);
    for (const { at, balance } of snapshots) expect(balance, `${at}`).toBe(current + (paidOut.get(at) as bigint));
    expect(db.prepare('SELECT sum(amount) FROM crypto_transfer WHERE entity_id = 800').safeIntegers(true).pluck().get()).toBe(-(paidOut.get(0) as bigint));
  });

  // Amounts past 2^53 (the largest staker's balance, 0.0.800's unreserved funds) read exactly: as strings, for BigInt.
  const exact = async (url: string) => JSON.parse((await fixture.get(url)).body.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"')) as unknown;
  const pages = async <T>(first: string, key: string): Promise<T[]> => {
    const all: T[] = [];
    for (let url: string | null = first; url !== null;) {
      const page = await exact(url) as Record<string, unknown> & { links: { next: string | null } };
      all.push(...(page[key] as T[]));
      url = page.links.next;
    }
    return all;
  };
  type Amount = number | string;
  type Node = { node_id: number; reward_rate_start: number; stake_rewarded: Amount; max_stake: Amount };

  it('pays and accrues each staker at its node\'s reward_rate, and the network\'s reward figures add up the stakers\'', async () => {
    const nodes = await pages<Node>('/api/v1/network/nodes?limit=25', 'nodes');
    expect(nodes.length).toBeGreaterThan(20);
    const rate = new Map(nodes.map((n) => [BigInt(n.node_id), BigInt(n.reward_rate_start)]));
    // Mainnet-like: a few percent a year (5,000 tinybars a day is 1.8%), none above the network's maximum,
    // but for a node past its maximum stake (its own test).
    const stake = await exact('/api/v1/network/stake') as { max_staking_reward_rate_per_hbar: Amount; staking_reward_rate: Amount;
      reserved_staking_rewards: Amount; unreserved_staking_reward_balance: Amount; staking_period: { from: string } };
    const full = nodes.filter((n) => BigInt(n.stake_rewarded) <= BigInt(n.max_stake));
    expect(full.length).toBeGreaterThan(20);
    for (const { node_id: node, reward_rate_start: r } of full) {
      expect(r, `node ${node}: under its max_stake, the full rate`).toBe(nodeFullRewardRate(node));
      expect(r >= 5_000 && BigInt(r) <= BigInt(stake.max_staking_reward_rate_per_hbar), String(r)).toBe(true);
    }
    expect(new Set(full.map((n) => n.reward_rate_start)).size).toBeGreaterThan(1);

    // Every payout: the whole HBARs staked when paid (the version it ends), times its node's rate, times the periods it covers.
    const endedBy = db.prepare('SELECT balance, staked_node_id AS node, stake_period_start AS periodStart FROM entity_history WHERE id = ? AND timestamp_range_upper = ?')
      .safeIntegers(true);
    const all = payouts();
    expect(all.length).toBeGreaterThan(100);
    for (const p of all) {
      const before = endedBy.get(p.account, p.at) as { balance: bigint; node: bigint; periodStart: bigint };
      const periods = p.at / DAY_NANOS - 1n - before.periodStart;
      expect(p.amount, `0.0.${p.account} at ${p.at}`).toBe(before.balance / TINYBARS_PER_HBAR * rate.get(before.node)! * (periods < 365n ? periods : 365n));
    }

    // Every staker's pending_reward: its whole HBARs at its node's rate for each period closed since its stake period start.
    const lastClosed = BigInt(stake.staking_period.from.split('.')[0]!) / 86_400n - 1n;
    const stakers = db.prepare("SELECT id FROM entity WHERE type = 'ACCOUNT' AND staked_node_id >= 0 AND deleted = 0").safeIntegers(true).pluck().all() as bigint[];
    expect(stakers.length).toBeGreaterThan(100);
    let perPeriod = 0n;
    let pending = 0n;
    let accruing = 0;
    const rewardedTo = new Map<bigint, bigint>();
    for (const id of stakers) {
      const account = await exact(`/api/v1/accounts/0.0.${id}?transactions=false`) as {
        balance: { balance: Amount }; staked_node_id: number; decline_reward: boolean; pending_reward: number; stake_period_start: string };
      const node = BigInt(account.staked_node_id);
      const balance = BigInt(account.balance.balance);
      if (account.decline_reward) {
        expect(account.pending_reward, `0.0.${id}`).toBe(0);
        continue;
      }
      const periods = lastClosed - BigInt(account.stake_period_start.split('.')[0]!) / 86_400n;
      const daily = balance / TINYBARS_PER_HBAR * rate.get(node)!;
      expect(BigInt(account.pending_reward), `0.0.${id}`).toBe(daily * (periods < 365n ? periods : 365n));
      if (account.pending_reward > 0) accruing++;
      perPeriod += daily;
      pending += BigInt(account.pending_reward);
      rewardedTo.set(node, (rewardedTo.get(node) ?? 0n) + balance);
    }
    expect(accruing).toBeGreaterThan(50);
    // The nodes' own stakes decline rewards: what is rewarded at a node is what its rewarded stakers hold.
    for (const n of nodes) expect(BigInt(n.stake_rewarded), `node ${n.node_id}`).toBe(rewardedTo.get(BigInt(n.node_id)) ?? 0n);
    // The network distributes a period what its rewarded stakers earn in one; 0.0.800 reserves what is pending and holds the rest.
    expect(BigInt(stake.staking_reward_rate)).toBe(perPeriod);
    expect(BigInt(stake.reserved_staking_rewards)).toBe(pending);
    const funds = await exact('/api/v1/accounts/0.0.800?transactions=false') as { balance: { balance: Amount } };
    expect(BigInt(stake.unreserved_staking_reward_balance)).toBe(BigInt(funds.balance.balance) - pending);
  });

  it('cuts the reward_rate of a node whose rewarded stake passes its max_stake: its stakers earn what its max_stake would at the full rate', async () => {
    // As the network's EndOfStakingPeriodUtils does (HIP-406): full rate × max_stake / stake_rewarded, rounded down.
    const past = (await pages<Node>('/api/v1/network/nodes?limit=25', 'nodes')).filter((n) => BigInt(n.stake_rewarded) > BigInt(n.max_stake));
    expect(past.length, 'the 3,000-account demo has a node past its maximum stake (node 15, a 2.68 B HBAR staker)').toBeGreaterThan(0);
    for (const node of past) {
      const at = `node ${node.node_id}`;
      const rate = BigInt(node.reward_rate_start);
      const fullRate = BigInt(nodeFullRewardRate(node.node_id));
      const [rewarded, max] = [BigInt(node.stake_rewarded), BigInt(node.max_stake)];
      expect(rate < fullRate, at).toBe(true);
      // full × max / rewarded, to the tinybar per HBAR that rounding leaves: the rate and the rewards it pays
      // (part of the stake recorded) settle each other.
      const earnedAtMax = fullRate * max;
      expect((rate - 1n) * rewarded <= earnedAtMax, `${at}: ${rate} a day pays more than its max_stake earns at ${fullRate}`).toBe(true);
      expect(earnedAtMax < (rate + 1n) * rewarded, `${at}: ${rate} a day pays less than its max_stake earns at ${fullRate}`).toBe(true);
    }
  });

  it('lists every payout of a staker under /rewards, adding up to what the ledger paid it; its stake period starts the day before the last', async () => {
    const top = db.prepare('SELECT account_id AS account, count(*) AS n, sum(amount) AS total, max(consensus_timestamp) AS last FROM staking_reward_transfer GROUP BY account_id ORDER BY n DESC LIMIT 1')
      .safeIntegers(true).get() as { account: bigint; n: bigint; total: bigint; last: bigint };
    expect(top.n).toBeGreaterThan(20n);
    const listed: Array<{ amount: number; timestamp: string }> = [];
    for (let url: string | null = `/api/v1/accounts/0.0.${top.account}/rewards?limit=25`; url !== null;) {
      const page = (await fixture.get(url)).json() as { rewards: Array<{ amount: number; timestamp: string }>; links: { next: string | null } };
      listed.push(...page.rewards);
      url = page.links.next;
    }
    expect(BigInt(listed.length)).toBe(top.n);
    expect(listed.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(top.total);
    const account = (await fixture.get(`/api/v1/accounts/0.0.${top.account}?transactions=false`)).json() as { stake_period_start: string };
    expect(account.stake_period_start).toBe(`${(top.last / DAY_NANOS - 1n) * 86_400n}.000000000`);
  });
});
