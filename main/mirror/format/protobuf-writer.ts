/** A minimal protobuf writer (varints, bytes, messages): the demo's system files and bodies, and what the sync stores as protobuf. */
export type ProtoField = readonly [field: number, value: number | bigint | string | Buffer | ProtoField[]];

function varint(value: bigint): Buffer {
  const bytes: number[] = [];
  let n = BigInt.asUintN(64, value);
  while (n >= 0x80n) {
    bytes.push(Number(n & 0x7fn) | 0x80);
    n >>= 7n;
  }
  bytes.push(Number(n));
  return Buffer.from(bytes);
}

/** Encodes fields in the order given: numbers as varints, strings/buffers/nested lists length-delimited. */
export function protoEncode(fields: readonly ProtoField[]): Buffer {
  const parts: Buffer[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number' || typeof value === 'bigint') {
      parts.push(varint(BigInt(field << 3)), varint(BigInt(value)));
      continue;
    }
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.isBuffer(value) ? value : protoEncode(value);
    parts.push(varint(BigInt((field << 3) | 2)), varint(BigInt(bytes.length)), bytes);
  }
  return Buffer.concat(parts);
}
