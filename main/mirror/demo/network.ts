import { createHash } from 'node:crypto';
import { NODE_COUNT } from './accounts.ts';
import { GAS_PRICE_TINYBARS } from './gas-price.ts';
import type { HistoryWriter } from './history-writer.ts';
import { ed25519KeyBytes } from '../format/key.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';
import { protoEncode } from '../format/protobuf-writer.ts';
import { BLOCK_NODES_ASSOCIATED_DAYS_AGO, DEMO_BLOCK_NODES, writeRegisteredNodes } from './registered-nodes.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, GENESIS_SECONDS, NANOS } from './timeline.ts';
import { TX, writeAtFreeTimestamp } from './transaction-log.ts';

/** The latest closed staking period ends at midnight UTC before "now"; its stakes are recorded just after. */
const LAST_PERIOD_END = BigInt(Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS) * DAY_SECONDS) * NANOS;
const STAKES_RECORDED = LAST_PERIOD_END + 3_600_123_456_789n;
/** The address book was last updated a week before "now". */
const ADDRESS_BOOK_TIMESTAMP = BigInt(DEMO_NOW_SECONDS - 7 * DAY_SECONDS) * NANOS + 207_331_002n;
/** What a node's operator pays for the NODEUPDATE that names its block nodes. */
const NODE_UPDATE_FEE = 4_000_000;
const FILES_TIMESTAMP = BigInt(DEMO_NOW_SECONDS - 3 * 3_600) * NANOS + 500_100_200n;

const OPERATORS = ['Hedera Labs', 'Orbit Telecom', 'Northwind University', 'Cascade Cloud', 'Lumen Bank', 'Granite Systems',
  'Harbor Logistics', 'Meridian Energy', 'Summit Media', 'Tidewater Insurance'];
const CITIES = ['Dallas', 'Frankfurt', 'Singapore', 'São Paulo', 'Tokyo', 'London', 'Sydney', 'Toronto', 'Mumbai', 'Paris'];

/** What the generator learned about stake while writing accounts: per node, rewarded and declined totals. */
export interface NodeStakeTotals {
  rewarded: bigint[];
  notRewarded: bigint[];
}

export function emptyStakeTotals(): NodeStakeTotals {
  return { rewarded: Array.from({ length: NODE_COUNT }, () => 0n), notRewarded: Array.from({ length: NODE_COUNT }, () => 0n) };
}

// Real stakes are dominated by the treasury-held node stake; the demo's accounts add to it.
export const NODE_MAX_STAKE = 45_000_000_000_000_000n / BigInt(NODE_COUNT);
export const NODE_MIN_STAKE = NODE_MAX_STAKE / 2n;

/**
 * What a node's stakers would earn a day on each whole HBAR they stake to it at the full rate,
 * about 2.2 to 2.5% a year: the reference's nodes earn alike, so the demo's differ by a little.
 * A node whose rewarded stake passes its maximum stake pays less (rewardRateOf). Declining rewards
 * is the node's own account's choice (its own stake), not its stakers'.
 */
export function nodeFullRewardRate(node: number): number {
  return 6_100 + ((node * 13) % 700);
}

/**
 * A node's `reward_rate` for a rewarded stake (HIP-406): the full rate, cut for a node whose
 * rewarded stake passes its maximum stake to full × max_stake / stake_rewarded (rounded down, as
 * the network's EndOfStakingPeriodUtils does), so that its stakers together earn what its maximum
 * stake would at the full rate. Recorded in node_stake (reward-rates.ts); stakers are paid
 * (staking-rewards.ts) and accrue `pending_reward` (stakes.ts) at it, and the network's per-period
 * reward is their sum.
 */
export function rewardRateOf(fullRate: number, stakeRewarded: bigint, maxStake: bigint): number {
  if (stakeRewarded <= maxStake) return fullRate;
  return Number((BigInt(fullRate) * maxStake) / stakeRewarded);
}

/** What stakes to a node besides the demo's accounts: from its minimum stake to near its maximum. */
export function nodeOwnStake(node: number): bigint {
  return NODE_MIN_STAKE + ((NODE_MAX_STAKE - NODE_MIN_STAKE) * BigInt((node * 37) % 29)) / 29n;
}

/**
 * A node's consensus weight, its `stake` (HIP-406): what is staked to it, rewarded or not, capped
 * at its maximum stake, and nothing while that is below its minimum stake. The network's
 * `stake_total` is the sum of its nodes' weights.
 */
export function consensusWeight(staked: bigint, minStake: bigint, maxStake: bigint): bigint {
  if (staked < minStake) return 0n;
  return staked > maxStake ? maxStake : staked;
}

/**
 * The network tables: address books 0.0.101/0.0.102 with entries and service endpoints, the
 * node rows (admin key, gRPC web proxy, decline_reward), the last staking period's node and
 * network stakes (from the accounts' stakes), the exchange rate and fee schedule files, and the
 * registered nodes.
 */
export function writeNetwork(writer: HistoryWriter, totals: NodeStakeTotals): void {
  let stakeTotal = 0n;
  // Both address book files list every node; 0.0.102 (with service endpoints) is the one clients read.
  const books = [[101, ADDRESS_BOOK_TIMESTAMP - 1_000n], [102, ADDRESS_BOOK_TIMESTAMP]] as const;
  for (const [fileId, timestamp] of books) writer.insert('address_book', [timestamp, null, Buffer.from(`demo address book ${fileId}`), fileId, NODE_COUNT]);
  for (let node = 0; node < NODE_COUNT; node++) {
    const account = 3 + node;
    const declinesReward = node % 7 === 5;
    const certHash = Buffer.from(createHash('sha384').update(`node-cert-${node}`).digest('hex'), 'utf8');
    const publicKey = `308201a2300d06092a864886f70d01010105000382018f00${createHash('sha256').update(`node-key-${node}`).digest('hex')}`;
    const operator = OPERATORS[node % OPERATORS.length]!;
    const ip = `35.${10 + node}.${100 + (node % 50)}.${20 + node}`;
    for (const [, timestamp] of books) {
      writer.insert('address_book_entry', [timestamp, node, `${operator} node ${node} (${CITIES[node % CITIES.length]})`, `0.0.${account}`, account,
        certHash, publicKey, 0]);
      writer.insert('address_book_service_endpoint', [timestamp, node, ip, 50211, '']);
      writer.insert('address_book_service_endpoint', [timestamp, node, ip, 50212, '']);
      if (node % 3 === 0) writer.insert('address_book_service_endpoint', [timestamp, node, '', 50211, `node${node}.demo.mirrordesk.local`]);
    }
    const proxy = node % 4 === 3 ? null : JSON.stringify({ domain_name: `grpc-web.node${node}.demo.mirrordesk.local`, ip_address_v4: '', port: 443 });
    const adminKey = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(account, 7)));
    // Each node streams to one block node or both (HIP-1137), named by its operator's NODEUPDATE once both were registered.
    const blockNodes = [[DEMO_BLOCK_NODES[0]], [DEMO_BLOCK_NODES[1]], [...DEMO_BLOCK_NODES]][node % 3]!;
    const namedAt = BigInt(DEMO_NOW_SECONDS - BLOCK_NODES_ASSOCIATED_DAYS_AGO * DAY_SECONDS) * NANOS + BigInt(node);
    const associatedAt = writeAtFreeTimestamp(writer, namedAt, (consensusNs) => ({ consensusNs, payer: account, type: TX.NODE_UPDATE, fee: NODE_UPDATE_FEE })) ?? namedAt;
    writer.insert('node', [node, account, adminKey, BigInt(GENESIS_SECONDS) * NANOS + BigInt(node), declinesReward ? 1 : 0, 0, proxy, associatedAt, JSON.stringify(blockNodes)]);

    // The node's own stake is treasury-held and, as on mainnet, declines rewards: only the demo's stakers earn any.
    const rewarded = totals.rewarded[node]!;
    const notRewarded = nodeOwnStake(node) + totals.notRewarded[node]!;
    const weight = consensusWeight(rewarded + notRewarded, NODE_MIN_STAKE, NODE_MAX_STAKE);
    stakeTotal += weight;
    // The full rate: a node whose rewarded stake passes its maximum gets its cut once the stakers' balances and
    // payouts are known (reward-rates.ts).
    writer.insert('node_stake', [STAKES_RECORDED, node, Number(LAST_PERIOD_END / NANOS / 86_400n) - 1, NODE_MAX_STAKE, NODE_MIN_STAKE,
      nodeFullRewardRate(node), weight, notRewarded, rewarded, LAST_PERIOD_END - 1n]);
  }
  // The per-period reward (staking_reward_rate) and 0.0.800's reserved and unreserved funds add up the stakers'
  // settled stakes and pending rewards: reconcileStakes (stakes.ts) writes them once the balances are final.
  writer.insert('network_stake', [STAKES_RECORDED, Number(LAST_PERIOD_END / NANOS / 86_400n) - 1, 17_000_000_000_000_000n, 17_808,
    300_000_000_000_000n, 10, 0, 0n, 8_500_000_000_000_000n, stakeTotal, LAST_PERIOD_END - 1n, 1_440, 365, 10, 0,
    0, 25_000_000_000_000_000n, 0n]);

  writer.insert('file_data', [FILES_TIMESTAMP, 112, exchangeRateFile(), 19]);
  writer.insert('file_data', [FILES_TIMESTAMP + 1_000n, 111, feeScheduleFile(), 19]);
  writeRegisteredNodes(writer);
}

/** The current exchange rate: about 17 US cents per HBAR. */
const CURRENT_RATE = { hbars: 30_000, cents: 516_120 } as const;

/** ExchangeRateSet: the current rate, a little more for the next hour. */
function exchangeRateFile(): Buffer {
  const hour = Math.floor(DEMO_NOW_SECONDS / 3_600) * 3_600;
  return protoEncode([
    [1, [[1, CURRENT_RATE.hbars], [2, CURRENT_RATE.cents], [3, [[1, hour + 3_600]]]]],
    [2, [[1, 30_000], [2, 522_300], [3, [[1, hour + 7_200]]]]],
  ]);
}

/**
 * The schedule's gas price (tinycents per 1000 gas) that comes, at the current rate, to the gas price the demo
 * charges (GAS_PRICE_TINYBARS), as /network/fees converts it (fee-schedule.ts), since generator 27: before, the
 * schedule said 852,000 (49 tinybars) while contracts paid 71.
 */
export const DEMO_GAS_TINYCENTS_PER_1000 = Math.ceil((GAS_PRICE_TINYBARS * CURRENT_RATE.cents * 1000) / CURRENT_RATE.hbars);

/** CurrentAndNextFeeSchedule with the gas prices of ContractCall (6), ContractCreate (7) and EthereumTransaction (84). */
function feeScheduleFile(): Buffer {
  const gasFee = (functionality: number, gas: number) => [1, [[1, functionality], [3, [[3, [[8, gas]]]]]]] as const;
  const gas = DEMO_GAS_TINYCENTS_PER_1000;
  const schedule = (expiry: number) => [gasFee(6, gas), gasFee(7, gas), gasFee(84, gas), [2, [[1, expiry]]]] as const;
  const day = Math.floor(DEMO_NOW_SECONDS / DAY_SECONDS) * DAY_SECONDS;
  return protoEncode([[1, schedule(day + 30 * DAY_SECONDS) as never], [2, schedule(day + 60 * DAY_SECONDS) as never]]);
}

