/**
 * A minimal protobuf wire-format reader: enough to walk the fields of messages whose
 * schema the caller knows (transaction ids of topic message chunks, submitted
 * transactions, keys the renderer names). Throws ProtobufError on malformed input, never
 * reads past the end. No Node APIs, so the renderer shares it.
 */
export class ProtobufError extends Error {}

export interface ProtobufField {
  number: number;
  /** 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32. */
  wireType: number;
  /** The varint (wire type 0) or fixed value, as an unsigned bigint. */
  value: bigint;
  /** The bytes of a length-delimited field. */
  bytes: Uint8Array;
}

export function readFields(buffer: Uint8Array): ProtobufField[] {
  const fields: ProtobufField[] = [];
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (offset >= buffer.length) throw new ProtobufError('truncated varint');
      const byte = buffer[offset++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return BigInt.asUintN(64, result);
    }
    throw new ProtobufError('varint too long');
  };
  const take = (length: number): Uint8Array => {
    if (length < 0 || offset + length > buffer.length) throw new ProtobufError('truncated field');
    const slice = buffer.subarray(offset, offset + length);
    offset += length;
    return slice;
  };
  while (offset < buffer.length) {
    const tag = varint();
    const number = Number(tag >> 3n);
    const wireType = Number(tag & 7n);
    if (number < 1 || number > 536_870_911) throw new ProtobufError('bad field number');
    const empty = new Uint8Array(0);
    if (wireType === 0) fields.push({ number, wireType, value: varint(), bytes: empty });
    else if (wireType === 1) fields.push({ number, wireType, value: littleEndian(take(8)).getBigUint64(0, true), bytes: empty });
    else if (wireType === 5) fields.push({ number, wireType, value: BigInt(littleEndian(take(4)).getUint32(0, true)), bytes: empty });
    else if (wireType === 2) {
      const length = varint();
      if (length > BigInt(buffer.length)) throw new ProtobufError('truncated field');
      fields.push({ number, wireType, value: length, bytes: take(Number(length)) });
    } else {
      throw new ProtobufError(`unsupported wire type ${wireType}`);
    }
  }
  return fields;
}

function littleEndian(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The last occurrence of a field (protobuf's rule for repeated scalars of a singular field). */
export function lastField(fields: ProtobufField[], number: number): ProtobufField | undefined {
  for (let i = fields.length - 1; i >= 0; i--) if (fields[i]!.number === number) return fields[i];
  return undefined;
}

/** An int64/int32 varint read as signed. */
export function signed(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}
