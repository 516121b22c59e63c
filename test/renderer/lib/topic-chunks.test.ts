import { describe, expect, it } from 'vitest';
import type { TopicMessage } from '../../../renderer/src/lib/ledger-types.ts';
import { assembleChunks, chunkSearchQuery, startsChunkedMessage } from '../../../renderer/src/lib/topic-chunks.ts';

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
