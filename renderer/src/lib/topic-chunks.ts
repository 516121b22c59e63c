/**
 * A topic message submitted in chunks (HCS splits a message over 1,024 bytes into up to 20
 * transactions) put back together: the chunks that share the first chunk's transaction id, in
 * their numbered order, their bytes joined before any decoding (a character may straddle two).
 */
import type { TopicMessage } from './ledger-types.ts';
import { base64ToBytes, bytesToBase64 } from './ledger-format.ts';
import type { PageLoader } from './paged-list.ts';

export type ChunkedWhole =
  | { kind: 'whole'; base64: string; chunks: number }
  | { kind: 'incomplete'; missing: number[]; total: number };

/** Messages per page of the search (the mirror API's most). */
const SEARCH_PAGE = 100;
/**
 * Messages one search reads before it stops and offers to read on: other submissions to the
 * topic may land between a message's chunks, but a busy topic should not be read to its end.
 */
export const SEARCH_SPAN = 1_000;

/** The first chunk of a chunked message (the one to offer the whole from), else false. */
export function startsChunkedMessage(message: TopicMessage): boolean {
  return message.chunk_info !== null && message.chunk_info.number === 1 && message.chunk_info.total > 1;
}

/** The messages from the first chunk on where the rest of its message must be (as `/topics/{id}/messages` query parameters). */
export function chunkSearchQuery(first: TopicMessage): Record<string, string | number> {
  return { sequencenumber: `gte:${String(first.sequence_number)}`, limit: SEARCH_PAGE, order: 'asc' };
}

/** Where a search for the chunks of a message stands. */
export interface ChunkSearch {
  whole: ChunkedWhole;
  /** Messages read so far, from the first chunk on. */
  searched: number;
  /** Where reading on would continue; null when the topic has no more messages (or the whole was found). */
  next: string | null;
  /** The chunks of this message found so far (not every message read: a long search keeps only what it needs). */
  chunks: readonly TopicMessage[];
}

const isChunkOf = (first: TopicMessage, message: TopicMessage): boolean =>
  message.chunk_info !== null && sameTransactionId(message.chunk_info.initial_transaction_id, first.chunk_info!.initial_transaction_id);

/**
 * Reads pages from `from` (a first search: the path of chunkSearchQuery; a search read on: the
 * `next` of the one before) until the message is whole, the topic ends, or `span` more messages
 * were read (`readPage`: pages of `/topics/{id}/messages`, as mirrorPageLoader reads them). A
 * failed read rejects the search with its message.
 */
export async function searchChunks(
  first: TopicMessage,
  from: string,
  readPage: PageLoader<TopicMessage>,
  before: Pick<ChunkSearch, 'chunks' | 'searched'> = { chunks: [], searched: 0 },
  span = SEARCH_SPAN,
): Promise<ChunkSearch> {
  const chunks = [...before.chunks];
  let searched = before.searched;
  let next: string | null = from;
  let whole = assembleChunks(first, chunks);
  for (let read = 0; next !== null && whole.kind !== 'whole' && read < span;) {
    const answer = await readPage(next);
    if (!answer.ok) throw new Error(answer.error.message);
    const page = answer.value;
    read += page.items.length;
    searched += page.items.length;
    chunks.push(...page.items.filter((message) => isChunkOf(first, message)));
    whole = assembleChunks(first, chunks);
    // A page that brought nothing cannot be followed by more: stop rather than ask for it again.
    next = page.items.length > 0 ? page.next : null;
  }
  return { whole, searched, next: whole.kind === 'whole' ? null : next, chunks };
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
