/** Recursive-length-prefix encoding (Ethereum's serialization), for signed demo transactions. */
export type RlpInput = Buffer | readonly RlpInput[];

function lengthPrefix(length: number, offset: number): Buffer {
  if (length < 56) return Buffer.from([offset + length]);
  const hex = length.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return Buffer.concat([Buffer.from([offset + 55 + bytes.length]), bytes]);
}

export function rlpEncode(input: RlpInput): Buffer {
  if (Buffer.isBuffer(input)) {
    if (input.length === 1 && input[0]! < 0x80) return input;
    return Buffer.concat([lengthPrefix(input.length, 0x80), input]);
  }
  const body = Buffer.concat((input as readonly RlpInput[]).map(rlpEncode));
  return Buffer.concat([lengthPrefix(body.length, 0xc0), body]);
}

/** A non-negative integer as RLP wants it: big-endian, no leading zeros, zero as empty. */
export function rlpInt(value: bigint | number): Buffer {
  const n = BigInt(value);
  if (n === 0n) return Buffer.alloc(0);
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}
