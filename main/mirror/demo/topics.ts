import { ed25519KeyBytes, publicKeyOf } from '../format/key.ts';
import type { ActorPool } from './actors.ts';
import type { HistoryWriter } from './history-writer.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';
import type { EntityRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { protoEncode } from '../format/protobuf-writer.ts';
import { AUTO_RENEW_SECONDS, DAY_SECONDS, DEMO_NOW_SECONDS, NANOS, renewedExpiryNanos } from './timeline.ts';
import { maxCustomFeesJson, planTopicFee, writeTopicFee, type TopicFee } from './custom-fees.ts';
import { submissionOf, TX, writeTransaction, type DemoTx } from './transaction-log.ts';
import { INITIAL_RUNNING_HASH, nextRunningHash, RUNNING_HASH_VERSION, type HashedEntityId } from './topic-running-hash.ts';

const MEMOS = ['sensor readings', 'supply chain events', 'HCS-20 points', 'audit log', 'chat room', 'price oracle', 'DID registry', ''];
const SENSORS = ['th-12', 'th-07', 'co2-3', 'flow-21'];
const MAX_CHUNK = 1024;
/** Topics charge fees (HIP-991) from this time on: only topics created since can have them. */
const TOPIC_FEES_SINCE_NANOS = BigInt(DEMO_NOW_SECONDS - 600 * DAY_SECONDS) * NANOS;

/** A topic's messages, in the shapes real topics carry (JSON events, HCS-20 ops, log lines). */
function messageText(memo: string, sequence: number, seconds: number, rng: Prng): string {
  switch (memo) {
    case 'sensor readings': return JSON.stringify({ sensor: rng.pick(SENSORS), temp_c: Math.round((12 + rng.next() * 15) * 10) / 10, at: seconds });
    case 'HCS-20 points': return JSON.stringify({ p: 'hcs-20', op: rng.chance(0.8) ? 'transfer' : 'mint', tick: 'demo', amt: String(rng.int(1, 500)) });
    case 'price oracle': return JSON.stringify({ pair: 'HBAR/USD', price: (0.05 + rng.next() * 0.3).toFixed(5), round: sequence });
    case 'supply chain events': return `shipment ${100_000 + sequence} ${rng.pick(['packed', 'departed', 'in transit', 'delivered'])}`;
    case 'audit log': return `${new Date(seconds * 1000).toISOString()} user${rng.int(1, 40)} ${rng.pick(['login', 'export', 'update', 'approve'])}`;
    default: return rng.pick(['gm', 'hello from the demo ledger', 'ping', `message ${sequence}`, 'Hashgraph consensus ✓']);
  }
}

/** A long document split into chunks, as SDKs submit messages over 1 KiB. */
function longDocument(sequence: number, rng: Prng): string {
  const lines = Array.from({ length: 40 + rng.int(0, 30) }, (_, i) => `line ${i}: record ${sequence}-${i} checksum ${(sequence * 7919 + i * 104_729) % 1_000_003}`);
  return lines.join('\n');
}

/** TransactionID protobuf: valid start and payer (what `initial_transaction_id` holds). */
function transactionIdBytes(payer: number, validStartNs: bigint): Buffer {
  return protoEncode([[1, [[1, validStartNs / 1_000_000_000n], [2, validStartNs % 1_000_000_000n]]], [2, [[3, payer]]]]);
}

export interface TopicPlan {
  num: number;
  createdNs: bigint;
  /** Topic number among all topics: the first are the busy ones, the third is deleted. */
  index: number;
}

/**
 * A topic with its entity and topic rows, its creation and its messages: sequence numbers from
 * 1, a running hash chained over the messages as the network chains it (version 3, topic-running-hash.ts;
 * since generator 27, before a formula of the demo's own), some messages split into
 * chunks, and a submit key on some topics (whose messages the owner then pays for). Some topics
 * created since HIP-991 charge each message a flat HBAR fee (`feeRng` decides which), collected by
 * their creator, who pays none on its own messages (a topic with a submit key lists that key as exempt).
 */
export function writeTopic(plan: TopicPlan, actors: ActorPool, writer: HistoryWriter, writeEntity: (row: EntityRow) => void, rng: Prng, feeRng: Prng): void {
  const creator = actors.latest();
  const memo = plan.index < MEMOS.length ? MEMOS[plan.index]! : rng.pick(MEMOS);
  const adminKey = rng.chance(0.6) ? ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(plan.num, 2))) : null;
  const submitKey = rng.chance(0.35) ? ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(plan.num, 3))) : null;
  const deleted = plan.index === 2;
  const endSeconds = deleted ? Math.floor(Number(plan.createdNs / 1_000_000_000n) + (DEMO_NOW_SECONDS - Number(plan.createdNs / 1_000_000_000n)) / 2) : DEMO_NOW_SECONDS - 60;
  const createdSeconds = Number(plan.createdNs / 1_000_000_000n);
  writeEntity({
    num: plan.num, type: 'TOPIC', alias: null, autoRenewPeriod: AUTO_RENEW_SECONDS, balance: null, balanceTimestamp: null,
    createdTimestamp: plan.createdNs, declineReward: 0, deleted: deleted ? 1 : 0, ethereumNonce: null, evmAddress: null,
    expirationTimestamp: renewedExpiryNanos(plan.createdNs, AUTO_RENEW_SECONDS), key: adminKey, maxAutomaticTokenAssociations: null, memo, publicKey: publicKeyOf(adminKey), receiverSigRequired: null,
    stakedAccountId: null, stakedNodeId: -1, stakePeriodStart: -1, timestampRangeLower: plan.createdNs,
  });
  const topicFee = plan.createdNs >= TOPIC_FEES_SINCE_NANOS ? planTopicFee(creator.num, feeRng) : null;
  const feeScheduleKey = topicFee ? ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(plan.num, 4))) : null;
  const exemptKeys = topicFee && submitKey ? protoEncode([[1, submitKey]]) : null;
  writer.insert('topic', [plan.num, adminKey, plan.createdNs, exemptKeys, feeScheduleKey, submitKey, plan.createdNs]);
  if (topicFee) writeTopicFee(writer, plan.num, plan.createdNs, topicFee);
  writeTransaction(writer, { consensusNs: plan.createdNs, payer: creator.num, type: TX.TOPIC_CREATE, fee: 1_000_000_000, entityId: plan.num, memo: memo ? `create ${memo}` : '' });

  const count = plan.index < 5 ? 60 + rng.geometric(200) : rng.geometric(20);
  const times = Array.from({ length: count }, () => createdSeconds + 60 + rng.next() * Math.max(120, endSeconds - createdSeconds - 120)).sort((a, b) => a - b);
  let runningHash = INITIAL_RUNNING_HASH;
  let sequence = 0;
  let last = plan.createdNs;
  for (const seconds of times) {
    const payer = submitKey && rng.chance(0.8) ? creator.num : actors.pick(rng).num;
    const chunked = rng.chance(0.06);
    const text = chunked ? longDocument(sequence + 1, rng) : messageText(memo, sequence + 1, Math.floor(seconds), rng);
    const bytes = Buffer.from(text, 'utf8');
    const chunks = Math.max(1, Math.ceil(bytes.length / MAX_CHUNK));
    let first = BigInt(Math.floor(seconds)) * 1_000_000_000n + BigInt(rng.int(0, 999_999)) * 1_000n + BigInt(plan.num % 997);
    if (first <= last) first = last + 1_000n;
    const initialValidStart = submissionOf(first).validStartNs;
    for (let chunk = 0; chunk < chunks; chunk++) {
      const consensusNs = first + BigInt(chunk) * 2_000_000_000n;
      last = consensusNs;
      const written = writeTransaction(writer, {
        consensusNs, payer, type: TX.TOPIC_SUBMIT, fee: 85_000 + chunk, entityId: plan.num,
        validStartNs: chunks > 1 ? initialValidStart + BigInt(chunk) : undefined, ...messageFee(topicFee, payer, feeRng),
      });
      if (!written) continue;
      const message = bytes.subarray(chunk * MAX_CHUNK, (chunk + 1) * MAX_CHUNK);
      sequence++;
      runningHash = nextRunningHash({ previous: runningHash, payer: demoId(payer), topic: demoId(plan.num), consensusNs, sequenceNumber: sequence, message });
      writer.insert('topic_message', [consensusNs, chunks > 1 ? chunk + 1 : null, chunks > 1 ? chunks : null,
        chunks > 1 ? transactionIdBytes(payer, initialValidStart) : null, message, payer, runningHash, RUNNING_HASH_VERSION, sequence, plan.num, written.validStartNs]);
    }
  }
  if (deleted) {
    writeTransaction(writer, { consensusNs: BigInt(endSeconds) * 1_000_000_000n + 555n, payer: creator.num, type: TX.TOPIC_DELETE, fee: 50_000_000, entityId: plan.num });
  }
}

/** The demo's entities live in shard 0, realm 0. */
function demoId(num: number): HashedEntityId {
  return { shard: 0, realm: 0, num };
}

/** What a message pays under its topic's fee: nothing for the collector, else the fee, capped by the payer half the time. */
function messageFee(fee: TopicFee | null, payer: number, rng: Prng): Partial<DemoTx> {
  if (!fee || payer === fee.collector) return {};
  return {
    transfers: [[payer, -fee.amount], [fee.collector, fee.amount]],
    assessedFees: [{ amount: fee.amount, collector: fee.collector, token: null, effectivePayers: [payer] }],
    ...(rng.chance(0.5) ? { maxCustomFees: maxCustomFeesJson(fee.collector, fee.amount * 2) } : {}),
  };
}
