/**
 * What a schedule will execute: the mirror API gives a schedule's `transaction_body` as the
 * base64 of a HAPI `SchedulableTransactionBody`, which this reads far enough for the schedule
 * page (the operation, its fee limit and memo; the transfers of a CRYPTOTRANSFER, the topic of a
 * message, the token and amount of a mint or burn). Bytes that are not such a message answer null.
 */
import { signed } from '../../../main/mirror/format/protobuf-reader.ts';
import { transactionTypeName } from '../../../main/mirror/format/transaction-type.ts';
import { base64ToBytes } from './ledger-format.ts';
import type { NftTransfer, TokenTransfer, Transfer } from './ledger-types.ts';
import { bytesField, decodedOrNull, entityIdText, messageField, messageFields, ProtobufError, repeatedMessages, varintField, type ProtobufField } from './protobuf-fields.ts';

/**
 * `SchedulableTransactionBody`'s `data` field numbers (services/schedulable_transaction_body.proto)
 * mapped to the `TransactionBody` field numbers the mirror names transaction types by: the two
 * messages number the same operations differently.
 */
const SCHEDULABLE_TO_TRANSACTION_TYPE: Readonly<Record<number, number>> = {
  3: 7, 4: 8, 5: 9, 6: 22, 7: 11, 8: 12, 9: 14, 10: 15, 11: 16, 12: 17, 13: 18, 14: 19, 15: 20, 16: 21, 17: 23,
  18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 23: 31, 24: 32, 25: 33, 26: 34, 27: 35, 28: 36, 29: 37, 30: 38, 31: 39,
  32: 40, 33: 41, 34: 43, 35: 46, 36: 47, 37: 48, 38: 49, 39: 45, 40: 52, 41: 53, 42: 54, 43: 55, 44: 56, 45: 57,
  46: 59, 47: 60, 48: 58,
};
/** The `data` oneof lies between the memo (2) and the fields from 1000 on (`max_custom_fees = 1001`). */
const FIRST_OPERATION = 3;
const LAST_OPERATION = 999;
const CRYPTO_TRANSFER = 9;
const SUBMIT_MESSAGE = 21;
const TOKEN_MINT = 29;
const TOKEN_BURN = 30;

export interface ScheduledTransaction {
  /** The mirror's name of the operation (CRYPTOTRANSFER, TOKENMINT, ...), UNKNOWN for one it does not know. */
  type: string;
  /** Most the payer will pay when it executes, in tinybars. */
  maxFee: bigint;
  memo: string;
  /** In the mirror's transfer shapes, so the transaction page's tables show them. */
  transfers: Transfer[];
  tokenTransfers: TokenTransfer[];
  nftTransfers: NftTransfer[];
  /** CONSENSUSSUBMITMESSAGE: the topic and the message's size in bytes. */
  topic: string | null;
  messageBytes: number | null;
  /** TOKENMINT / TOKENBURN: the token and the fungible amount (0 for NFTs, which count serials or metadata). */
  token: string | null;
  amount: bigint | null;
  /** TOKENMINT of NFTs: how many metadata entries; TOKENBURN of NFTs: how many serials. */
  serials: number | null;
}

/** An entity id the schema requires (an AccountAmount's account, an NftTransfer's parties). */
function requiredId(fields: ProtobufField[], number: number): string {
  const id = messageField(fields, number);
  if (!id) throw new ProtobufError(`field ${number} (an id) is missing`);
  return entityIdText(id);
}

/** An optional id (a message's topic, a mint's token): null when absent. */
function optionalId(fields: ProtobufField[], number: number): string | null {
  const id = messageField(fields, number);
  return id ? entityIdText(id) : null;
}

/** AccountAmount { accountID = 1; sint64 amount = 2 (zig-zag) }. */
function accountAmount(fields: ProtobufField[]): { account: string; amount: bigint } {
  const zigzag = varintField(fields, 2);
  return { account: requiredId(fields, 1), amount: (zigzag >> 1n) ^ -(zigzag & 1n) };
}

function readCryptoTransfer(body: ProtobufField[], into: ScheduledTransaction): void {
  // CryptoTransferTransactionBody { TransferList transfers = 1; repeated TokenTransferList tokenTransfers = 2 }
  const list = messageField(body, 1);
  if (list) into.transfers = repeatedMessages(list, 1).map(accountAmount);
  for (const tokenList of repeatedMessages(body, 2)) {
    const token = requiredId(tokenList, 1);
    for (const transfer of repeatedMessages(tokenList, 2)) into.tokenTransfers.push({ token_id: token, ...accountAmount(transfer) });
    // NftTransfer { senderAccountID = 1; receiverAccountID = 2; int64 serialNumber = 3 }
    for (const nft of repeatedMessages(tokenList, 3)) {
      into.nftTransfers.push({ token_id: token, sender_account_id: requiredId(nft, 1), receiver_account_id: requiredId(nft, 2), serial_number: signed(varintField(nft, 3)) });
    }
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

function decode(bytes: Uint8Array): ScheduledTransaction | null {
  const fields = messageFields(bytes);
  const operations = fields.filter((f) => f.number >= FIRST_OPERATION && f.number <= LAST_OPERATION);
  if (operations.length !== 1 || operations[0]!.wireType !== 2) return null;
  const { number: operation, bytes: operationBytes } = operations[0]!;
  const typeId = SCHEDULABLE_TO_TRANSACTION_TYPE[operation];
  const memo = bytesField(fields, 2);
  const scheduled: ScheduledTransaction = {
    type: typeId === undefined ? 'UNKNOWN' : transactionTypeName(typeId),
    maxFee: varintField(fields, 1),
    memo: memo ? new TextDecoder('utf-8').decode(memo) : '',
    transfers: [], tokenTransfers: [], nftTransfers: [], topic: null, messageBytes: null, token: null, amount: null, serials: null,
  };
  const body = messageFields(operationBytes);
  if (operation === CRYPTO_TRANSFER) readCryptoTransfer(body, scheduled);
  if (operation === SUBMIT_MESSAGE) {
    // ConsensusSubmitMessageTransactionBody { TopicID topicID = 1; bytes message = 2 }
    scheduled.topic = optionalId(body, 1);
    scheduled.messageBytes = bytesField(body, 2)?.length ?? 0;
  }
  if (operation === TOKEN_MINT || operation === TOKEN_BURN) {
    // TokenMint { token = 1; uint64 amount = 2; repeated bytes metadata = 3 }; TokenBurn { token = 1; amount = 2; repeated int64 serialNumbers = 3 (packed) }
    scheduled.token = optionalId(body, 1);
    scheduled.amount = varintField(body, 2);
    scheduled.serials = operation === TOKEN_MINT ? body.filter((f) => f.number === 3).length : packedCount(body, 3);
  }
  return scheduled;
}

/** The scheduled operation of a schedule's `transaction_body` (base64), or null when it is not a SchedulableTransactionBody. */
export function decodeScheduledTransaction(base64: string | null | undefined): ScheduledTransaction | null {
  const bytes = base64 ? base64ToBytes(base64) : null;
  if (!bytes || bytes.length === 0) return null;
  return decodedOrNull(() => decode(bytes));
}
