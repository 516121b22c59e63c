import { createHash } from 'node:crypto';
import { TINYBARS_PER_HBAR } from './balances.ts';
import { ed25519KeyBytes, publicKeyOf } from '../format/key.ts';
import type { ActorPool } from './actors.ts';
import type { HistoryWriter } from './history-writer.ts';
import { ed25519PublicKey, ed25519SeedFor } from './keys.ts';
import type { EntityRow } from './ledger-writer.ts';
import type { Prng } from './prng.ts';
import { protoEncode } from '../format/protobuf-writer.ts';
import { DAY_SECONDS, DEMO_NOW_SECONDS, NANOS } from './timeline.ts';
import { submissionOf, TX, writeTransaction } from './transaction-log.ts';

const MEMOS = ['payroll run', 'treasury release', 'vesting tranche', 'multisig payment', 'grant payout', ''];

export interface SchedulePlan {
  num: number;
  createdNs: bigint;
  /** Schedule number among all schedules: decides pending, deleted or executed. */
  index: number;
}

/** protobuf sint64 (zig-zag), as AccountAmount.amount is declared. */
const zigzag = (n: number) => (BigInt(n) << 1n) ^ (BigInt(n) >> 63n);

/** SchedulableTransactionBody of an HBAR transfer: fee, memo, cryptoTransfer (field 9 there; 14 is fileUpdate). */
function transferBody(from: number, to: number, amount: number, memo: string): Buffer {
  const accountAmount = (num: number, value: number) => [1, [[1, [[3, num]]], [2, zigzag(value)]]] as const;
  return protoEncode([[1, 200_000_000], [2, memo], [9, [[1, [accountAmount(from, -amount), accountAmount(to, amount)] as never]]]]);
}

/** A 64-byte ED25519-sized signature; deterministic bytes (the demo holds no real signed bodies). */
function signatureOf(schedule: number, signer: number): Buffer {
  return createHash('sha512').update(`schedule-${schedule}-signer-${signer}`).digest();
}

/**
 * A scheduled HBAR transfer: created (SCHEDULE_CREATE), signed by one or two more keys
 * (SCHEDULE_SIGN, with their signatures), then executed as a scheduled transaction. Every
 * fifth never gathers its signatures: pending if created in the last 60 days, else expired (the
 * mirror shows it unexecuted); the second is deleted; every fifth from the third waits for its
 * expiry. Each keeps the creation time of its place in the ledger, so schedule ids grow with it,
 * as on a network.
 */
export function writeSchedule(plan: SchedulePlan, actors: ActorPool, writer: HistoryWriter, writeEntity: (row: EntityRow) => void, rng: Prng): void {
  const creator = actors.latest();
  const payer = rng.chance(0.6) ? creator : actors.pick(rng);
  const receiver = actors.pick(rng);
  const unsigned = plan.index % 5 === 4;
  const deleted = plan.index === 1;
  const createdNs = plan.createdNs;
  const memo = rng.pick(MEMOS);
  const amount = rng.int(1, 5_000) * TINYBARS_PER_HBAR;
  const adminKey = ed25519KeyBytes(ed25519PublicKey(ed25519SeedFor(plan.num, 4)));
  const expiresNs = createdNs + 60n * BigInt(DAY_SECONDS) * NANOS;
  const signedNs = unsigned || deleted ? null : createdNs + BigInt(rng.int(60, 3 * DAY_SECONDS)) * NANOS;
  // Every fifth (from the third; never pending or deleted) waits for expiry: it executes at its
  // expiration time, not once signed, so only one whose expiry has passed can have executed.
  const waitForExpiry = plan.index % 5 === 2 && expiresNs <= BigInt(DEMO_NOW_SECONDS) * NANOS;
  const executedNs = waitForExpiry ? expiresNs : signedNs;
  writeEntity({
    num: plan.num, type: 'SCHEDULE', alias: null, autoRenewPeriod: null, balance: null, balanceTimestamp: null, createdTimestamp: createdNs,
    declineReward: 0, deleted: deleted ? 1 : 0, ethereumNonce: null, evmAddress: null, expirationTimestamp: null, key: adminKey,
    maxAutomaticTokenAssociations: null, memo, publicKey: publicKeyOf(adminKey), receiverSigRequired: null, stakedAccountId: null, stakedNodeId: -1,
    stakePeriodStart: -1, timestampRangeLower: createdNs,
  });
  writer.insert('schedule', [plan.num, createdNs, creator.num, executedNs, expiresNs, payer.num,
    transferBody(payer.num, receiver.num, amount, memo), waitForExpiry ? 1 : 0]);
  writeTransaction(writer, { consensusNs: createdNs, payer: creator.num, type: TX.SCHEDULE_CREATE, fee: 1_000_000, entityId: plan.num, memo });
  writer.insert('transaction_signature', [createdNs, plan.num, ed25519PublicKey(ed25519SeedFor(creator.num)).subarray(0, 4), signatureOf(plan.num, creator.num), 3]);

  const signers = unsigned ? 1 : rng.int(1, 2);
  let at = createdNs;
  for (let i = 0; i < signers; i++) {
    const signer = actors.pick(rng);
    at += BigInt(rng.int(10, 3_600)) * NANOS + 3n;
    if (executedNs !== null && at >= executedNs) break;
    writeTransaction(writer, { consensusNs: at, payer: signer.num, type: TX.SCHEDULE_SIGN, fee: 1_000_000, entityId: plan.num });
    writer.insert('transaction_signature', [at, plan.num, ed25519PublicKey(ed25519SeedFor(signer.num)).subarray(0, 4), signatureOf(plan.num, signer.num), 3]);
  }
  if (executedNs !== null) {
    writeTransaction(writer, {
      // A scheduled transaction keeps the id of the ScheduleCreate that made it (the creator's
      // account and valid start), flagged scheduled; the network charges its fee to the schedule's payer.
      consensusNs: executedNs, payer: creator.num, feePayer: payer.num, type: TX.CRYPTO_TRANSFER, fee: 1_000_000, scheduled: true, memo,
      validStartNs: submissionOf(createdNs).validStartNs,
      transfers: payer.num === receiver.num ? [] : [[payer.num, -amount], [receiver.num, amount]],
    });
  }
  if (deleted) writeTransaction(writer, { consensusNs: at + 600n * NANOS, payer: creator.num, type: TX.SCHEDULE_DELETE, fee: 500_000, entityId: plan.num });
}
