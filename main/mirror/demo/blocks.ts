import type { SqliteDatabase } from '../store/ledger-store.ts';
import { fastDigest } from './fast-hash.ts';

/** A record file closes at the first transaction 2 seconds or more after its own first, as consensus nodes close them. */
const BLOCK_NANOS = 2_000_000_000n;
/** Transactions read per statement: a million-account ledger has millions, too many to hold at once. */
const PAGE = 50_000;
const BLOOM_BYTES = 256;

const blockHash = (index: bigint) => fastDigest(48, Number(index % 4_294_967_296n), Number(index / 4_294_967_296n), 0xb10c).toString('hex');

/** A record file's name: its first transaction's time, as the nodes name the files they write. */
function fileName(start: bigint): string {
  const seconds = new Date(Number(start / 1_000_000n)).toISOString().slice(0, 19).replace(/:/g, '_');
  return `${seconds}.${(start % 1_000_000_000n).toString().padStart(9, '0')}Z.rcd.gz`;
}

interface OpenBlock {
  index: bigint;
  start: bigint;
  end: bigint;
  count: number;
}

/**
 * The demo ledger's blocks (record files), read off its transactions once they are all written:
 * block 0 holds the first transaction, and each block every transaction less than 2 seconds after
 * its own first, so the numbers run without gaps and each block's count is what it holds. Then
 * each contract result and log gets its transaction's position in its block, and each block the
 * gas its contract results used and the bloom of their logs. Hashes are digests of the block
 * number (a demo has no record stream to hash); the file size is modelled from the count.
 * Returns the number of blocks.
 */
export function writeBlocks(db: SqliteDatabase): number {
  db.exec('DELETE FROM record_file');
  const insert = db.prepare(`INSERT INTO record_file (consensus_end, consensus_start, count, digest_algorithm, gas_used, hapi_version_major,
    hapi_version_minor, hapi_version_patch, hash, "index", logs_bloom, name, node_id, prev_hash, size, version)
    VALUES (?, ?, ?, 0, 0, 0, 56, 0, ?, ?, ?, ?, ?, ?, ?, 6)`);
  // The first block's previous hash is all zeros; each later one's is the hash just written.
  let previousHash = '0'.repeat(96);
  const close = (block: OpenBlock) => {
    const hash = blockHash(block.index);
    insert.run(block.end, block.start, block.count, hash, block.index, Buffer.alloc(0), fileName(block.start),
      Number(block.index % 29n), previousHash, 4_000 + block.count * 420);
    previousHash = hash;
  };
  const page = db.prepare('SELECT consensus_timestamp FROM "transaction" WHERE consensus_timestamp > ? ORDER BY consensus_timestamp LIMIT ?')
    .pluck().safeIntegers(true);
  let open: OpenBlock | null = null;
  let blocks = 0;
  for (let after = -1n; ;) {
    const timestamps = page.all(after, PAGE) as bigint[];
    for (const timestamp of timestamps) {
      if (open && timestamp - open.start < BLOCK_NANOS) {
        open.end = timestamp;
        open.count++;
        continue;
      }
      if (open) close(open);
      open = { index: BigInt(blocks++), start: timestamp, end: timestamp, count: 1 };
    }
    if (timestamps.length < PAGE) break;
    after = timestamps.at(-1)!;
  }
  if (open) close(open);
  placeContractResults(db);
  return blocks;
}

/** Each contract result's and log's position in its block; each block's gas used and logs bloom. */
function placeContractResults(db: SqliteDatabase): void {
  const results = db.prepare('SELECT consensus_timestamp, gas_used, bloom FROM contract_result ORDER BY consensus_timestamp').safeIntegers(true).all() as
    Array<{ consensus_timestamp: bigint; gas_used: bigint | null; bloom: Buffer | null }>;
  const blockOf = db.prepare('SELECT consensus_end, consensus_start FROM record_file WHERE consensus_end >= ? ORDER BY consensus_end LIMIT 1').safeIntegers(true);
  const position = db.prepare('SELECT count(*) FROM "transaction" WHERE consensus_timestamp >= ? AND consensus_timestamp < ?').pluck().safeIntegers(true);
  const setResultIndex = db.prepare('UPDATE contract_result SET transaction_index = ? WHERE consensus_timestamp = ?');
  const setLogIndex = db.prepare('UPDATE contract_log SET transaction_index = ? WHERE consensus_timestamp = ?');
  const setBlockGas = db.prepare('UPDATE record_file SET gas_used = ?, logs_bloom = ? WHERE consensus_end = ?');
  const gas = new Map<bigint, { used: bigint; bloom: Buffer }>();
  for (const result of results) {
    const block = blockOf.get(result.consensus_timestamp) as { consensus_end: bigint; consensus_start: bigint };
    const index = position.get(block.consensus_start, result.consensus_timestamp) as bigint;
    setResultIndex.run(index, result.consensus_timestamp);
    setLogIndex.run(index, result.consensus_timestamp);
    const totals = gas.get(block.consensus_end) ?? { used: 0n, bloom: Buffer.alloc(BLOOM_BYTES) };
    totals.used += result.gas_used ?? 0n;
    if (result.bloom?.length === BLOOM_BYTES) for (let i = 0; i < BLOOM_BYTES; i++) totals.bloom[i] = totals.bloom[i]! | result.bloom[i]!;
    gas.set(block.consensus_end, totals);
  }
  for (const [end, totals] of gas) setBlockGas.run(totals.used, totals.bloom, end);
}
