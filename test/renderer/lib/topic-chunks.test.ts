import { describe, expect, it } from 'vitest';
import type { TopicMessage } from '../../../renderer/src/lib/ledger-types.ts';
import type { ApiResult } from '../../../main/common/api-contract.ts';
import type { Page } from '../../../renderer/src/lib/paged-list.ts';
import { assembleChunks, chunkSearchQuery, searchChunks, startsChunkedMessage } from '../../../renderer/src/lib/topic-chunks.ts';

const txId = (validStart: string) => ({ account_id: '0.0.1499', transaction_valid_start: validStart, nonce: 0, scheduled: false });

function message(sequence: number, bytes: Uint8Array, chunk: { number: number; total: number; validStart?: string } | null): TopicMessage {
  return {
    consensus_timestamp: `1700000000.${String(sequence).padStart(9, '0')}`, message: Buffer.from(bytes).toString('base64'), payer_account_id: '0.0.1499',
    sequence_number: sequence, running_hash: '', topic_id: '0.0.1500',
    chunk_info: chunk && { number: chunk.number, total: chunk.total, initial_transaction_id: txId(chunk.validStart ?? '1700000000.000000001') },
  };
}

// "héllo wörld" split so that the two bytes of "ö" fall in different chunks.
const text = Buffer.from('héllo wörld', 'utf8');
const split = text.indexOf(0xc3, 3) + 1;
const first = message(4, text.subarray(0, split), { number: 1, total: 2 });
const second = message(6, text.subarray(split), { number: 2, total: 2 });
// Another submission landing between the chunks, itself chunked under another transaction id.
const between = message(5, Buffer.from('other'), { number: 2, total: 2, validStart: '1700000000.000000099' });

describe('assembleChunks', () => {
  it("joins the chunks' bytes in order before decoding, so a character split between them survives", () => {
    const whole = assembleChunks(first, [first, between, second]);
    expect(whole).toEqual({ kind: 'whole', base64: text.toString('base64'), chunks: 2 });
    expect(Buffer.from((whole as { base64: string }).base64, 'base64').toString('utf8')).toBe('héllo wörld');
  });

  it('orders by chunk number, not by arrival', () => {
    expect(assembleChunks(first, [second, first])).toMatchObject({ kind: 'whole', base64: text.toString('base64') });
  });

  it('names the chunks it did not find, ignoring those of other messages', () => {
    expect(assembleChunks(first, [first, between])).toEqual({ kind: 'incomplete', missing: [2], total: 2 });
  });
});

describe('startsChunkedMessage and chunkSearchQuery', () => {
  it('offer the whole from a first chunk only, and look from it on', () => {
    expect(startsChunkedMessage(first)).toBe(true);
    expect(startsChunkedMessage(second)).toBe(false);
    expect(startsChunkedMessage(message(1, Buffer.from('x'), null))).toBe(false);
    expect(startsChunkedMessage(message(1, Buffer.from('x'), { number: 1, total: 1 }))).toBe(false);
    expect(chunkSearchQuery(first)).toEqual({ sequencenumber: 'gte:4', limit: 100, order: 'asc' });
  });
});

describe('searchChunks', () => {
  // A topic of `count` messages from sequence 4 on: the first chunk, unrelated ones, and the second chunk at `secondAt`.
  function topic(count: number, secondAt: number): TopicMessage[] {
    return Array.from({ length: count }, (_, i) => {
      const sequence = 4 + i;
      if (sequence === 4) return first;
      if (sequence === secondAt) return { ...second, sequence_number: sequence };
      return message(sequence, Buffer.from(`other ${sequence}`), null);
    });
  }
  // Pages of 100 as the mirror answers them, `next` naming the page after; each read recorded.
  function pager(messages: TopicMessage[]) {
    const reads: string[] = [];
    const readPage = async (path: string): Promise<ApiResult<Page<TopicMessage>>> => {
      reads.push(path);
      const page = Number(new URL(path, 'http://x').searchParams.get('page') ?? 0);
      const slice = messages.slice(page * 100, page * 100 + 100);
      return { ok: true, value: { items: slice, next: (page + 1) * 100 < messages.length ? `/m?page=${page + 1}` : null } };
    };
    return { reads, readPage };
  }

  it('reads on past the first page until the message is whole, and no further', async () => {
    const { reads, readPage } = pager(topic(2_000, 254));
    const found = await searchChunks(first, '/m?page=0', readPage);
    expect(found.whole).toEqual({ kind: 'whole', base64: text.toString('base64'), chunks: 2 });
    expect(reads).toEqual(['/m?page=0', '/m?page=1', '/m?page=2']);
    expect(found).toMatchObject({ searched: 300, next: null });
    // Only the chunks are kept, not every message read.
    expect(found.chunks.map((m) => m.sequence_number)).toEqual([4, 254]);
  });

  it('stops after its span, says where to read on, and reading on finds the rest', async () => {
    const { reads, readPage } = pager(topic(2_000, 1_504));
    const partial = await searchChunks(first, '/m?page=0', readPage);
    expect(partial).toMatchObject({ whole: { kind: 'incomplete', missing: [2], total: 2 }, searched: 1_000, next: '/m?page=10' });
    expect(reads).toHaveLength(10);
    const found = await searchChunks(first, partial.next!, readPage, partial);
    expect(found).toMatchObject({ whole: { kind: 'whole' }, searched: 1_600, next: null });
  });

  it('ends with the topic when a chunk never comes, and a failed read fails the search', async () => {
    const { readPage } = pager(topic(150, 0));
    expect(await searchChunks(first, '/m?page=0', readPage)).toMatchObject({ whole: { kind: 'incomplete', missing: [2] }, searched: 150, next: null });
    // An empty page with a next link is not followed again and again.
    expect(await searchChunks(first, '/x', async () => ({ ok: true as const, value: { items: [], next: '/x' } }))).toMatchObject({ searched: 0, next: null });
    await expect(searchChunks(first, '/m', async () => ({ ok: false as const, error: { code: 'unavailable' as const, message: 'mirror down', details: [] } }))).rejects.toThrow('mirror down');
  });
});
