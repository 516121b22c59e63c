/**
 * Reads one length-delimited field out of serialized protobuf bytes without a schema: the
 * first occurrence of field `number`, or null when absent or when the bytes are malformed.
 */
export function protobufField(bytes: Uint8Array, number: number): Buffer | null {
  let offset = 0;
  const varint = (): bigint | null => {
    let value = 0n;
    for (let shift = 0n; offset < bytes.length && shift < 70n; shift += 7n) {
      const byte = bytes[offset++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
    return null;
  };
  while (offset < bytes.length) {
    const tag = varint();
    if (tag === null) return null;
    const field = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    if (wire === 0) {
      if (varint() === null) return null;
    } else if (wire === 1 || wire === 5) {
      offset += wire === 1 ? 8 : 4;
    } else if (wire === 2) {
      const length = varint();
      if (length === null || offset + Number(length) > bytes.length) return null;
      const start = offset;
      offset += Number(length);
      if (field === number) return Buffer.from(bytes.subarray(start, offset));
    } else {
      return null;
    }
  }
  return null;
}
