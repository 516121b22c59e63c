/**
 * What a schedule will execute: the mirror API gives a schedule's `transaction_body` as the
 * base64 of a HAPI `SchedulableTransactionBody`, which this reads far enough for the schedule
 * page (the operation, its fee limit and memo; the transfers of a CRYPTOTRANSFER, the topic of a
 * message, the token and amount of a mint or burn). Bytes that are not such a message answer null.
 */
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { lastField, ProtobufError, readFields, signed, type ProtobufField } from '../../../main/mirror/format/protobuf-reader.ts';
import { transactionTypeName } from '../../../main/mirror/format/transaction-type.ts';
import { base64ToBytes, bytesToHex } from './ledger-format.ts';

/**
 * `SchedulableTransactionBody`'s `data` field numbers (services/schedulable_transaction_body.proto)
 * mapped to the `TransactionBody` field numbers the mirror names transaction types by: the two
 * messages number the same operations differently.
 */
const SCHEDULABLE_TO_TRANSACTION_TYPE: Readonly<Record<number, number>> = {
  3: 7, 4: 8, 5: 9, 6: 22, 7: 11, 8: 12, 9: 14, 10: 15, 11: 16, 12: 17, 13: 18, 14: 19, 15: 20, 16: 21, 17: 23,
  18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 23: 31, 24: 32, 25: 33, 26: 34, 27: 35, 28: 36, 29: 37, 30: 38, 31: 39,
  32: 40, 33: 41, 34: 43, 35: 46, 36: 47, 37: 48, 38: 49, 39: 45, 40: 52, 41: 53, 42: 54, 43: 55, 44: 56, 45: 57,
};
const CRYPTO_TRANSFER = 9;
const SUBMIT_MESSAGE = 21;
const TOKEN_MINT = 29;
const TOKEN_BURN = 30;

export interface ScheduledHbarTransfer { account: string; amount: bigint }
export interface ScheduledTokenTransfer { token: string; account: string; amount: bigint }
export interface ScheduledNftTransfer { token: string; sender: string; receiver: string; serial: bigint }

export interface ScheduledTransaction {
  /** The mirror's name of the operation (CRYPTOTRANSFER, TOKENMINT, ...), UNKNOWN for one it does not know. */
  type: string;
  /** Most the payer will pay when it executes, in tinybars. */
  maxFee: bigint;
  memo: string;
  transfers: ScheduledHbarTransfer[];
  tokenTransfers: ScheduledTokenTransfer[];
  nftTransfers: ScheduledNftTransfer[];
  /** CONSENSUSSUBMITMESSAGE: the topic and the message's size in bytes. */
  topic: string | null;
  messageBytes: number | null;
  /** TOKENMINT / TOKENBURN: the token and the fungible amount (0 for NFTs, which count serials or metadata). */
  token: string | null;
  amount: bigint | null;
  /** TOKENMINT of NFTs: how many metadata entries; TOKENBURN of NFTs: how many serials. */
  serials: number | null;
}

class NotSchedulable extends Error {}

function fieldsOf(bytes: Uint8Array): ProtobufField[] {
  try {
    return readFields(bytes);
  } catch (error) {
    if (error instanceof ProtobufError) throw new NotSchedulable(error.message);
    throw error;
  }
}

function varint(fields: ProtobufField[], number: number): bigint {
  const field = lastField(fields, number);
  if (field && field.wireType !== 0) throw new NotSchedulable(`field ${number} is not a varint`);
  return field?.value ?? 0n;
}

function message(fields: ProtobufField[], number: number): ProtobufField[] | null {
  const field = lastField(fields, number);
  if (!field) return null;
  if (field.wireType !== 2) throw new NotSchedulable(`field ${number} is not a message`);
  return fieldsOf(field.bytes);
}

function repeated(fields: ProtobufField[], number: number): ProtobufField[][] {
  return fields.filter((f) => f.number === number).map((f) => {
    if (f.wireType !== 2) throw new NotSchedulable(`field ${number} is not a message`);
    return fieldsOf(f.bytes);
  });
}

/**
 * AccountID, TokenID, TopicID: `shard = 1, realm = 2, num = 3`. An account may be given by alias
 * (field 4) instead: an EVM address (20 bytes) as `0x…`, a key alias in base32, the forms the
 * account page opens.
 */
function entityId(fields: ProtobufField[] | null): string {
  if (!fields) return '—';
  const alias = lastField(fields, 4);
  if (alias?.wireType === 2) return alias.bytes.length === 20 ? `0x${bytesToHex(alias.bytes)}` : encodeBase32(alias.bytes);
  return `${varint(fields, 1)}.${varint(fields, 2)}.${varint(fields, 3)}`;
}

/** AccountAmount { accountID = 1; sint64 amount = 2 (zig-zag) }. */
function accountAmount(fields: ProtobufField[]): { account: string; amount: bigint } {
  const zigzag = varint(fields, 2);
  return { account: entityId(message(fields, 1)), amount: (zigzag >> 1n) ^ -(zigzag & 1n) };
}

function readCryptoTransfer(body: ProtobufField[], into: ScheduledTransaction): void {
  // CryptoTransferTransactionBody { TransferList transfers = 1; repeated TokenTransferList tokenTransfers = 2 }
  const list = message(body, 1);
  if (list) into.transfers = repeated(list, 1).map(accountAmount);
  for (const tokenList of repeated(body, 2)) {
    const token = entityId(message(tokenList, 1));
    for (const transfer of repeated(tokenList, 2)) into.tokenTransfers.push({ token, ...accountAmount(transfer) });
    // NftTransfer { senderAccountID = 1; receiverAccountID = 2; int64 serialNumber = 3 }
    for (const nft of repeated(tokenList, 3)) {
      into.nftTransfers.push({ token, sender: entityId(message(nft, 1)), receiver: entityId(message(nft, 2)), serial: signed(varint(nft, 3)) });
    }
  }
}

/** The scheduled operation of a schedule's `transaction_body` (base64), or null when it is not a SchedulableTransactionBody. */
export function decodeScheduledTransaction(base64: string | null | undefined): ScheduledTransaction | null {
  const bytes = base64 ? base64ToBytes(base64) : null;
  if (!bytes || bytes.length === 0) return null;
  try {
    const fields = fieldsOf(bytes);
    const memoField = lastField(fields, 2);
    if (memoField && memoField.wireType !== 2) return null;
    const data = fields.filter((f) => f.number >= 3);
    if (data.length !== 1 || data[0]!.wireType !== 2) return null;
    const operation = data[0]!.number;
    const typeId = SCHEDULABLE_TO_TRANSACTION_TYPE[operation];
    const scheduled: ScheduledTransaction = {
      type: typeId === undefined ? 'UNKNOWN' : transactionTypeName(typeId),
      maxFee: varint(fields, 1),
      memo: memoField ? new TextDecoder('utf-8', { fatal: false }).decode(memoField.bytes) : '',
      transfers: [], tokenTransfers: [], nftTransfers: [], topic: null, messageBytes: null, token: null, amount: null, serials: null,
    };
    const body = fieldsOf(data[0]!.bytes);
    if (operation === CRYPTO_TRANSFER) readCryptoTransfer(body, scheduled);
    if (operation === SUBMIT_MESSAGE) {
      // ConsensusSubmitMessageTransactionBody { TopicID topicID = 1; bytes message = 2 }
      scheduled.topic = entityId(message(body, 1));
      scheduled.messageBytes = lastField(body, 2)?.bytes.length ?? 0;
    }
    if (operation === TOKEN_MINT || operation === TOKEN_BURN) {
      // TokenMint { token = 1; uint64 amount = 2; repeated bytes metadata = 3 }; TokenBurn { token = 1; amount = 2; repeated int64 serialNumbers = 3 (packed) }
      scheduled.token = entityId(message(body, 1));
      scheduled.amount = varint(body, 2);
      scheduled.serials = operation === TOKEN_MINT ? body.filter((f) => f.number === 3).length : packedCount(body, 3);
    }
    return scheduled;
  } catch (error) {
    if (error instanceof NotSchedulable) return null;
    throw error;
  }
}

/** How many varints a repeated int64 field holds, packed (one byte string) or not. */
function packedCount(fields: ProtobufField[], number: number): number {
  let count = 0;
  for (const field of fields.filter((f) => f.number === number)) {
    if (field.wireType === 0) count += 1;
    else for (const byte of field.bytes) if ((byte & 0x80) === 0) count += 1;
  }
  return count;
}
