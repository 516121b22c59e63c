import { encodeEntityId } from './entity-id.ts';
import { lastField, readFields, signed } from './protobuf-reader.ts';

/** A HAPI `TransactionID` (validStart, accountID, scheduled, nonce) as stored bytes decode. */
export interface DecodedTransactionId {
  accountId: bigint;
  validStartNs: bigint;
  scheduled: boolean;
  nonce: number;
}

/**
 * Decodes serialized `TransactionID` bytes: field 1 Timestamp {seconds, nanos}, field 2
 * AccountID {shard, realm, accountNum}, field 3 scheduled, field 4 nonce. Null when the
 * bytes are not such a message.
 */
export function decodeTransactionId(bytes: Uint8Array): DecodedTransactionId | null {
  try {
    const fields = readFields(bytes);
    const timestamp = readFields(lastField(fields, 1)?.bytes ?? new Uint8Array(0));
    const account = readFields(lastField(fields, 2)?.bytes ?? new Uint8Array(0));
    const seconds = signed(lastField(timestamp, 1)?.value ?? 0n);
    const nanos = signed(lastField(timestamp, 2)?.value ?? 0n);
    const accountId = encodeEntityId(
      signed(lastField(account, 1)?.value ?? 0n),
      signed(lastField(account, 2)?.value ?? 0n),
      signed(lastField(account, 3)?.value ?? 0n),
    );
    if (accountId === null) return null;
    return {
      accountId,
      validStartNs: seconds * 1_000_000_000n + nanos,
      scheduled: (lastField(fields, 3)?.value ?? 0n) !== 0n,
      nonce: Number(BigInt.asIntN(32, lastField(fields, 4)?.value ?? 0n)),
    };
  } catch {
    return null;
  }
}
