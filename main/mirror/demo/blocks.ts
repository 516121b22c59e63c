import { fastDigest } from './fast-hash.ts';
import type { HistoryWriter } from './history-writer.ts';
import { GENESIS_SECONDS } from './timeline.ts';

/** Record files close every 2 seconds, as on mainnet; block n covers [start, start + 2 s). */
const BLOCK_NANOS = 2_000_000_000n;
const GENESIS_NANOS = BigInt(GENESIS_SECONDS) * 1_000_000_000n;

const blockHash = (index: bigint) => fastDigest(48, Number(index % 4_294_967_296n), Number(index / 4_294_967_296n), 0xb10c).toString('hex');

export interface Block {
  index: bigint;
  hash: string;
  /** Transactions in the block: a transaction's index lies below this. */
  count: number;
}

/**
 * The block (record file) holding a timestamp, written when first needed. Only blocks with
 * contract activity are stored: they are what contract results and `eth_call` name.
 */
export function blockAt(writer: HistoryWriter, timestampNs: bigint): Block {
  const index = (timestampNs - GENESIS_NANOS) / BLOCK_NANOS;
  const start = GENESIS_NANOS + index * BLOCK_NANOS;
  const end = start + BLOCK_NANOS - 1n;
  const hash = blockHash(index);
  const count = 20 + Number(index % 480n);
  const name = `${new Date(Number(start / 1_000_000n)).toISOString().slice(0, 19).replace(/:/g, '_')}.${(start % 1_000_000_000n).toString().padStart(9, '0')}Z.rcd.gz`;
  writer.insert('record_file', [end, start, count, 0, fastDigest(48, Number(index % 4_294_967_296n), 7, 0xf11e).toString('hex'), 0, 0, 56, 0, hash, index,
    null, name, Number(index % 29n), blockHash(index - 1n), 4_000 + count * 420, 6]);
  return { index, hash, count };
}
