import { lastField, readFields, type ProtobufField } from '../format/protobuf-reader.ts';
import { transactionTypeName } from '../format/transaction-type.ts';

/** What the fee estimate needs to know about a submitted HAPI `Transaction`. */
export interface SubmittedTransaction {
  /** The mirror's transaction type id (TransactionBody's `data` field number but for TYPE_OF_BODY_FIELD). */
  type: number;
  name: string;
  signatures: number;
  /** Serialized size of the whole submitted transaction. */
  bytes: number;
}

export type DecodeResult = { ok: true; transaction: SubmittedTransaction } | { ok: false; reason: string };

/** TransactionBody fields that are not its `data` oneof (ids, fee, duration, memo, batch key, ...). */
const BODY_HEADER_FIELDS = new Set([1, 2, 3, 4, 5, 6, 1001, 1002, 1003, 1004, 1005]);

/**
 * `data` fields whose number is not the mirror's type id. HAPI numbers RegisteredNode create,
 * update and delete (HIP-1137) 78 to 80 in TransactionBody (hiero-ledger/proto 2.31, as the SDKs
 * send them); the reference's TransactionType ids for them are 101 to 103, which are no field of
 * TransactionBody: a body with a field 101 carries no known operation.
 */
const TYPE_OF_BODY_FIELD: ReadonlyMap<number, number | null> = new Map([[78, 101], [79, 102], [80, 103], [101, null], [102, null], [103, null]]);

/**
 * Decodes a `Transaction` (signedTransactionBytes = 5, or the deprecated bodyBytes = 4 /
 * sigMap = 3) down to its TransactionBody. Anything that is not such a message, or whose
 * body has no transaction id or no known operation, is refused with the reason.
 */
export function decodeSubmittedTransaction(bytes: Uint8Array): DecodeResult {
  if (bytes.length === 0) return { ok: false, reason: 'the request body is empty' };
  let transaction: ProtobufField[];
  try {
    transaction = readFields(bytes);
  } catch {
    return { ok: false, reason: 'the request body is not a protobuf message' };
  }
  let bodyBytes: Uint8Array | undefined;
  let sigMap: Uint8Array | undefined;
  try {
    const signed = lastField(transaction, 5);
    if (signed) {
      const fields = readFields(signed.bytes);
      bodyBytes = lastField(fields, 1)?.bytes;
      sigMap = lastField(fields, 2)?.bytes;
    } else {
      bodyBytes = lastField(transaction, 4)?.bytes;
      sigMap = lastField(transaction, 3)?.bytes;
    }
  } catch {
    return { ok: false, reason: 'signedTransactionBytes is not a SignedTransaction' };
  }
  if (!bodyBytes || transaction.some((f) => f.wireType !== 2)) {
    return { ok: false, reason: 'the message is not a Transaction (no signedTransactionBytes or bodyBytes)' };
  }
  let body: ProtobufField[];
  let signatures = 0;
  try {
    body = readFields(bodyBytes);
    signatures = sigMap ? readFields(sigMap).filter((f) => f.number === 1).length : 0;
  } catch {
    return { ok: false, reason: 'bodyBytes is not a TransactionBody' };
  }
  if (!lastField(body, 1)) return { ok: false, reason: 'the TransactionBody has no transactionID' };
  const data = body.filter((f) => !BODY_HEADER_FIELDS.has(f.number) && f.wireType === 2);
  const field = data.length === 1 ? data[0]!.number : null;
  const renamed = field === null ? undefined : TYPE_OF_BODY_FIELD.get(field);
  const type = renamed === undefined ? field : renamed;
  const name = type === null ? 'UNKNOWN' : transactionTypeName(type);
  if (type === null || name === 'UNKNOWN') return { ok: false, reason: 'the TransactionBody carries no known operation' };
  return { ok: true, transaction: { type, name, signatures, bytes: bytes.length } };
}
