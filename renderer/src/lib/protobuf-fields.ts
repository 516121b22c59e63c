/**
 * Typed reads of HAPI protobuf messages for the explorer's decoders (keys, scheduled bodies), over
 * the shared wire-format reader. Every read throws ProtobufError when the bytes are not what the
 * schema says: the decoders catch it once and show the value as undecodable.
 */
import { encodeBase32 } from '../../../main/mirror/format/base32.ts';
import { lastField, ProtobufError, readFields, type ProtobufField } from '../../../main/mirror/format/protobuf-reader.ts';
import { bytesToHex } from './ledger-format.ts';

export { ProtobufError, type ProtobufField };

/** A message's fields; HAPI messages hold only varints and length-delimited fields. */
export function messageFields(bytes: Uint8Array): ProtobufField[] {
  const fields = readFields(bytes);
  if (fields.some((f) => f.wireType !== 0 && f.wireType !== 2)) throw new ProtobufError('a fixed-width field where HAPI has none');
  return fields;
}

/** A varint field's value, 0 when absent (protobuf's default). */
export function varintField(fields: ProtobufField[], number: number): bigint {
  const field = lastField(fields, number);
  if (field && field.wireType !== 0) throw new ProtobufError(`field ${number} is not a varint`);
  return field?.value ?? 0n;
}

/** A length-delimited field's bytes, or undefined when absent. */
export function bytesField(fields: ProtobufField[], number: number): Uint8Array | undefined {
  const field = lastField(fields, number);
  if (field && field.wireType !== 2) throw new ProtobufError(`field ${number} is not length-delimited`);
  return field?.bytes;
}

/** An embedded message's fields, or null when absent. */
export function messageField(fields: ProtobufField[], number: number): ProtobufField[] | null {
  const bytes = bytesField(fields, number);
  return bytes === undefined ? null : messageFields(bytes);
}

/** Every occurrence of a repeated embedded message. */
export function repeatedMessages(fields: ProtobufField[], number: number): ProtobufField[][] {
  return fields.filter((f) => f.number === number).map((f) => {
    if (f.wireType !== 2) throw new ProtobufError(`field ${number} is not a message`);
    return messageFields(f.bytes);
  });
}

/**
 * AccountID, ContractID, TokenID, TopicID (`shard = 1, realm = 2, num = 3`) as `shard.realm.num`.
 * An account or contract given by alias or EVM address instead (field 4): 20 bytes as `0x…`, a key
 * alias in base32, the forms the explorer's pages open.
 */
export function entityIdText(fields: ProtobufField[]): string {
  const alias = bytesField(fields, 4);
  if (alias !== undefined) return alias.length === 20 ? `0x${bytesToHex(alias)}` : encodeBase32(alias);
  return `${varintField(fields, 1)}.${varintField(fields, 2)}.${varintField(fields, 3)}`;
}

/** Runs a decoder and answers null when the bytes did not follow the schema. */
export function decodedOrNull<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch (error) {
    if (error instanceof ProtobufError) return null;
    throw error;
  }
}
