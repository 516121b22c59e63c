/** Builds protobuf wire bytes by hand for tests: `field(n, bytes)` and `varintField(n, value)`. */
function varint(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

export function field(number: number, bytes: Uint8Array | number[]): Buffer {
  const body = Buffer.from(bytes);
  return Buffer.from([...varint(BigInt(number << 3 | 2)), ...varint(BigInt(body.length)), ...body]);
}

export function varintField(number: number, value: number | bigint): Buffer {
  return Buffer.from([...varint(BigInt(number << 3)), ...varint(BigInt(value))]);
}

/** A signed HAPI Transaction whose body carries operation `dataField` (14 = cryptoTransfer) and `signatures` signature pairs. */
export function hapiTransaction(dataField: number, signatures = 1): Buffer {
  const transactionId = field(1, Buffer.concat([field(1, varintField(1, 1_700_000_000)), field(2, varintField(3, 1001))]));
  const body = Buffer.concat([transactionId, field(2, varintField(3, 3)), varintField(3, 100_000_000), field(dataField, field(1, []))]);
  const sigPairs = Buffer.concat(Array.from({ length: signatures }, () => field(1, Buffer.concat([field(1, [1, 2]), field(3, Buffer.alloc(64, 7))]))));
  return field(5, Buffer.concat([field(1, body), field(2, sigPairs)]));
}
