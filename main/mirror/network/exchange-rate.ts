import { lastField, ProtobufError, readFields } from '../format/protobuf-reader.ts';

/** One side of a HAPI ExchangeRate: `hbar_equivalent` hbars are worth `cent_equivalent` cents until `expiration_time`. */
export interface ExchangeRate {
  cent_equivalent: number;
  expiration_time: number;
  hbar_equivalent: number;
}

export interface ExchangeRateSet {
  current_rate: ExchangeRate;
  next_rate: ExchangeRate;
}

function decodeRate(bytes: Uint8Array | undefined): ExchangeRate {
  if (!bytes) throw new ProtobufError('missing rate');
  const fields = readFields(bytes);
  const expiry = readFields(lastField(fields, 3)?.bytes ?? new Uint8Array(0));
  return {
    cent_equivalent: Number(BigInt.asIntN(32, lastField(fields, 2)?.value ?? 0n)),
    expiration_time: Number(BigInt.asIntN(64, lastField(expiry, 1)?.value ?? 0n)),
    hbar_equivalent: Number(BigInt.asIntN(32, lastField(fields, 1)?.value ?? 0n)),
  };
}

/** Decodes an ExchangeRateSet {currentRate = 1, nextRate = 2}; throws when malformed. */
export function decodeExchangeRateSet(bytes: Uint8Array): ExchangeRateSet {
  const fields = readFields(bytes);
  return { current_rate: decodeRate(lastField(fields, 1)?.bytes), next_rate: decodeRate(lastField(fields, 2)?.bytes) };
}
