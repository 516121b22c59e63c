import { encodeEntityId, formatEntityId } from './entity-id.ts';

/**
 * Transaction ids as the API writes them: `<payer>-<seconds>-<nanos>` with nanos padded to
 * nine digits (0.0.8-1565779444-000000020).
 */
export function formatTransactionId(payer: bigint | number, validStartNs: bigint | number): string {
  const text = BigInt(validStartNs).toString().padStart(10, '0');
  return `${formatEntityId(payer)}-${text.slice(0, -9)}-${text.slice(-9)}`;
}

export interface TransactionIdParts {
  payer: bigint;
  validStartNs: bigint;
}

const TRANSACTION_ID = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})-(\d{1,19})-(\d{1,9})$/;

/** Parses `shard.realm.num-seconds-nanos`; null when malformed or out of range. */
export function parseTransactionId(text: string): TransactionIdParts | null {
  const match = TRANSACTION_ID.exec(text);
  if (!match) return null;
  const payer = encodeEntityId(BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!));
  const seconds = BigInt(match[4]!);
  if (payer === null || seconds > 9_223_372_036n) return null;
  const validStartNs = seconds * 1_000_000_000n + BigInt(match[5]!);
  return validStartNs > 9_223_372_036_854_775_807n ? null : { payer, validStartNs };
}
