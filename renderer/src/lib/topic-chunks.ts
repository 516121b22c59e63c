/**
 * A topic message submitted in chunks (HCS splits a message over 1,024 bytes into up to 20
 * transactions) put back together: the chunks that share the first chunk's transaction id, in
 * their numbered order, their bytes joined before any decoding (a character may straddle two).
 */
import type { TopicMessage } from './ledger-types.ts';
import { base64ToBytes, bytesToBase64 } from './ledger-format.ts';

export type ChunkedWhole =
  | { kind: 'whole'; base64: string; chunks: number }
  | { kind: 'incomplete'; missing: number[]; total: number };

/** Chunks of one message may lie this far apart when other submissions to the topic land between them. */
const SEARCH_SPAN = 100;

/** The first chunk of a chunked message (the one to offer the whole from), else false. */
export function startsChunkedMessage(message: TopicMessage): boolean {
  return message.chunk_info !== null && message.chunk_info.number === 1 && message.chunk_info.total > 1;
}

/** The messages from the first chunk on where the rest of its message must be (as `/topics/{id}/messages` query parameters). */
export function chunkSearchQuery(first: TopicMessage): Record<string, string | number> {
  return { sequencenumber: `gte:${String(first.sequence_number)}`, limit: SEARCH_SPAN, order: 'asc' };
}

type TransactionId = NonNullable<TopicMessage['chunk_info']>['initial_transaction_id'];
const sameTransactionId = (a: TransactionId, b: TransactionId): boolean =>
  a !== null && b !== null && a.account_id === b.account_id && a.transaction_valid_start === b.transaction_valid_start
  && (a.nonce ?? 0) === (b.nonce ?? 0) && (a.scheduled ?? false) === (b.scheduled ?? false);

/** The whole message of `first` from `candidates` (messages from it on), or which chunk numbers are not among them. */
export function assembleChunks(first: TopicMessage, candidates: readonly TopicMessage[]): ChunkedWhole {
  const info = first.chunk_info!;
  const parts = new Map<number, Uint8Array>();
  for (const message of candidates) {
    const chunk = message.chunk_info;
    if (!chunk || chunk.total !== info.total || !sameTransactionId(chunk.initial_transaction_id, info.initial_transaction_id) || parts.has(chunk.number)) continue;
    const bytes = base64ToBytes(message.message);
    if (bytes) parts.set(chunk.number, bytes);
  }
  const missing = Array.from({ length: info.total }, (_, i) => i + 1).filter((n) => !parts.has(n));
  if (missing.length > 0) return { kind: 'incomplete', missing, total: info.total };
  const ordered = Array.from({ length: info.total }, (_, i) => parts.get(i + 1)!);
  const whole = new Uint8Array(ordered.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of ordered) {
    whole.set(part, at);
    at += part.length;
  }
  return { kind: 'whole', base64: bytesToBase64(whole), chunks: info.total };
}
