import { int64ListJson } from '../format/json-out.ts';
import type { AssessedFee } from './custom-fees.ts';
import { NODE_COUNT } from './accounts.ts';
import { fastDigest, timestampSeeds } from './fast-hash.ts';
import type { HistoryWriter } from './history-writer.ts';
import { FEE_COLLECTOR } from './system-accounts.ts';
import { DEMO_NOW_NANOS } from './timeline.ts';

/** HAPI transaction types the demo writes (the mirror's `transaction.type` codes). */
export const TX = {
  CONTRACT_CALL: 7, CONTRACT_CREATE: 8, CRYPTO_CREATE: 11, CRYPTO_DELETE: 12, CRYPTO_TRANSFER: 14, TOPIC_CREATE: 24, TOPIC_DELETE: 26,
  TOPIC_SUBMIT: 27, TOKEN_CREATE: 29, TOKEN_MINT: 37, TOKEN_BURN: 38, TOKEN_ASSOCIATE: 40, TOKEN_DISSOCIATE: 41, SCHEDULE_CREATE: 42,
  SCHEDULE_DELETE: 43, SCHEDULE_SIGN: 44, APPROVE_ALLOWANCE: 48, ETHEREUM: 50, TOKEN_AIRDROP: 58, TOKEN_CANCEL_AIRDROP: 59, TOKEN_CLAIM_AIRDROP: 60,
  NODE_UPDATE: 55, ATOMIC_BATCH: 74, HOOK_STORE: 75, REGISTERED_NODE_CREATE: 101, REGISTERED_NODE_DELETE: 103,
} as const;

/** Response codes the demo writes. */
export const RESULT = {
  INVALID_SIGNATURE: 7, INSUFFICIENT_PAYER_BALANCE: 10, DUPLICATE_TRANSACTION: 11, SUCCESS: 22, INSUFFICIENT_ACCOUNT_BALANCE: 28,
  CONTRACT_REVERT_EXECUTED: 33, INVALID_TOPIC_MESSAGE: 158, INSUFFICIENT_TOKEN_BALANCE: 178, TOKEN_NOT_ASSOCIATED: 184,
} as const;

export interface DemoTx {
  consensusNs: bigint;
  /** The account of the transaction id (the mirror's `payer_account_id`). */
  payer: number;
  /**
   * The account charged the fee when it is not the transaction id's: a scheduled transaction keeps
   * its ScheduleCreate's id (the creator's) while the network charges the schedule's payer.
   */
  feePayer?: number;
  type: number;
  /** Tinybars charged to the fee payer. */
  fee: number;
  result?: number;
  entityId?: number | null;
  memo?: string;
  /** HBAR movements besides the fee (summing to zero), applied only when the transaction succeeds. */
  transfers?: ReadonlyArray<readonly [account: number, amount: number]>;
  /** Token units moved (a bigint where a mint passes 2^53), applied only when the transaction succeeds. */
  tokenTransfers?: ReadonlyArray<readonly [token: number, account: number, amount: number | bigint]>;
  nftTransfers?: ReadonlyArray<{ token: number; serial: number; sender: number | null; receiver: number | null }>;
  scheduled?: boolean;
  /** Seconds before consensus the transaction id's valid start lies (default: derived from the timestamp). */
  validStartNs?: bigint;
  /** For an inner transaction of an atomic batch: the batch's timestamp and the key that signed the batch. */
  parentNs?: bigint;
  batchKey?: Buffer;
  /** For an atomic batch: the transaction ids (payer, valid start) of its inner transactions, in order. */
  innerTransactions?: ReadonlyArray<readonly [payer: number, validStartNs: bigint]>;
  /** Custom fees charged (their HBAR and token movements are in `transfers` and `tokenTransfers`), kept only when it succeeds. */
  assessedFees?: readonly AssessedFee[];
  /** The payer's limits on custom fees, as stored JSON (custom-fees.ts). */
  maxCustomFees?: string;
}

export interface WrittenTx {
  /** The 48-byte transaction hash (SHA-384 sized). */
  hash: Buffer;
  validStartNs: bigint;
  /** Node account the transaction was submitted to. */
  nodeAccount: number;
}

/**
 * The node a transaction went to and its valid start (1 to 7 seconds earlier, to the
 * nanosecond), derived from the timestamp itself so that they cost no random draws: clients
 * spread load over nodes and sign a few seconds ahead.
 */
export function submissionOf(consensusNs: bigint): { nodeAccount: number; validStartNs: bigint } {
  return {
    nodeAccount: 3 + Number(consensusNs % BigInt(NODE_COUNT)),
    validStartNs: consensusNs - 1_000_000_000n - ((consensusNs / 7n) % 6_000_000_000n),
  };
}

/** A taken timestamp moves a microsecond on, at most this many times (writeAtFreeTimestamp). */
const FREE_TIMESTAMP_ATTEMPTS = 8;

/**
 * Writes the transaction `make` builds for `at`, or a microsecond on where another transaction
 * already holds that timestamp (a few times at most), never at or after "now". Returns the
 * timestamp it was written at, or null when none was free.
 */
export function writeAtFreeTimestamp(writer: HistoryWriter, at: bigint, make: (consensusNs: bigint) => DemoTx): bigint | null {
  for (let attempt = 0; attempt < FREE_TIMESTAMP_ATTEMPTS && at < DEMO_NOW_NANOS; attempt++, at += 1_000n) {
    if (writeTransaction(writer, make(at))) return at;
  }
  return null;
}

/**
 * Writes the transaction `make` builds at the first free timestamp from `at` on, a microsecond
 * apart: for a transaction others depend on (the mint of serials a later transfer moves), which
 * must not be left out. Timestamps are sparse, so it is a few microseconds later at most.
 */
export function writeAtNextFreeTimestamp(writer: HistoryWriter, at: bigint, make: (consensusNs: bigint) => DemoTx): bigint {
  while (!writeTransaction(writer, make(at))) at += 1_000n;
  return at;
}

/**
 * Writes a transaction with its hash row and transfers: the node's share of the fee to the
 * node account, the rest to 0.0.98, the fee payer debited (merged with its own transfer, as a
 * record lists one amount per account). Returns null when the timestamp was already taken.
 */
export function writeTransaction(writer: HistoryWriter, tx: DemoTx): WrittenTx | null {
  const { nodeAccount, validStartNs: derivedStart } = submissionOf(tx.consensusNs);
  const validStartNs = tx.validStartNs ?? derivedStart;
  const result = tx.result ?? RESULT.SUCCESS;
  const success = result === RESULT.SUCCESS;
  const hash = fastDigest(48, ...timestampSeeds(tx.consensusNs), tx.payer * 64 + tx.type);
  const nftJson = success && tx.nftTransfers?.length ? JSON.stringify(tx.nftTransfers.map((n) => ({
    is_approval: false, receiver_account_id: n.receiver, sender_account_id: n.sender, serial_number: n.serial, token_id: n.token,
  }))) : null;
  const inserted = writer.insert('"transaction"', [tx.consensusNs, tx.fee, tx.entityId ?? null, 0, Math.max(100_000_000, tx.fee * 2),
    Buffer.from(tx.memo ?? '', 'utf8'), nftJson, nodeAccount, 0, tx.parentNs ?? null, tx.payer, result, tx.scheduled ? 1 : 0, hash, tx.type, 120,
    validStartNs, tx.maxCustomFees ?? '[]', tx.batchKey ?? null, tx.innerTransactions ? int64ListJson(tx.innerTransactions.flatMap(([payer, start]) => [BigInt(payer), start])) : null]);
  if (!inserted) return null;
  writer.insert('transaction_hash', [tx.consensusNs, hash.subarray(0, 32), hash.subarray(32), tx.payer]);

  for (const [account, amount] of hbarAmountsOf(tx, nodeAccount)) {
    if (amount !== 0n) writer.insert('crypto_transfer', [tx.consensusNs, account, amount, 0, tx.payer]);
  }
  if (success) {
    for (const [token, account, amount] of tx.tokenTransfers ?? []) writer.insert('token_transfer', [tx.consensusNs, token, account, amount, 0, tx.payer]);
    for (const n of tx.nftTransfers ?? []) writer.insert('nft_transfer', [tx.consensusNs, n.token, n.serial, n.sender, n.receiver, 0, tx.payer]);
    for (const fee of tx.assessedFees ?? []) {
      writer.insert('assessed_custom_fee', [tx.consensusNs, fee.amount, fee.collector, JSON.stringify(fee.effectivePayers), tx.payer, fee.token]);
    }
  }
  return { hash, validStartNs, nodeAccount };
}

/**
 * The HBAR each account gains (or loses) by `tx`, one amount per account as a record lists them:
 * the fee from the fee payer, the node's share of it to the node account the transaction went to
 * (`nodeAccount`), the rest to 0.0.98, and, when it succeeds, its own transfers.
 */
export function hbarAmountsOf(tx: DemoTx, nodeAccount = submissionOf(tx.consensusNs).nodeAccount): Map<number, bigint> {
  // Summed as bigint: a whale's transfer plus its fee can pass 2^53, where a double drops the last tinybar.
  const amounts = new Map<number, bigint>();
  const add = (account: number, amount: number) => amounts.set(account, (amounts.get(account) ?? 0n) + BigInt(amount));
  const nodeFee = Math.round(tx.fee / 20);
  if (tx.fee > 0) {
    add(tx.feePayer ?? tx.payer, -tx.fee);
    add(nodeAccount, nodeFee);
    add(FEE_COLLECTOR, tx.fee - nodeFee);
  }
  if ((tx.result ?? RESULT.SUCCESS) === RESULT.SUCCESS) for (const [account, amount] of tx.transfers ?? []) add(account, amount);
  return amounts;
}
