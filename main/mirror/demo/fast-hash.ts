/**
 * Deterministic bytes that look like a digest, for the demo's transaction and block hashes. A
 * real SHA-384 through node:crypto costs ~10 µs a call, which at millions of transactions is
 * seconds spent on bytes nobody can check (the demo has no signed transaction bodies to hash).
 * This is murmur3's 32-bit finalizer over a counter, a fraction of a microsecond per hash.
 */
export function fastDigest(length: number, a: number, b: number, c = 0): Buffer {
  const out = Buffer.allocUnsafe(length);
  let h = (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77) ^ Math.imul(c | 0, 0xc2b2ae3d)) >>> 0;
  for (let i = 0; i < length; i += 4) {
    h = (h + 0x6d2b79f5 + i) | 0;
    let x = h;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    x ^= x >>> 16;
    out.writeUInt32BE(x >>> 0, i);
  }
  return out;
}

/** Splits a nanosecond timestamp into two 32-bit seeds. */
export function timestampSeeds(ns: bigint): [number, number] {
  return [Number(ns % 4_294_967_296n), Number((ns / 4_294_967_296n) % 4_294_967_296n)];
}
