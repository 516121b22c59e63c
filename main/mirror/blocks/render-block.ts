import { int64 } from '../format/json-out.ts';
import { formatTimestamp } from '../format/timestamp.ts';

/** A record file as the blocks endpoints read it. */
export interface BlockRecordRow {
  consensus_start: bigint;
  consensus_end: bigint;
  count: bigint;
  gas_used: bigint | null;
  hapi_version_major: bigint | null;
  hapi_version_minor: bigint | null;
  hapi_version_patch: bigint | null;
  hash: string;
  index: bigint;
  logs_bloom: Buffer | null;
  name: string;
  prev_hash: string | null;
  /** The file's size, or the length of its bytes when the size was not recorded. */
  size: bigint | null;
}

/** Blooms are 256 bytes: a shorter one (none stored for a block without logs) is shown zero-padded, as the reference does. */
const BLOOM_HEX_DIGITS = 512;

/**
 * A block as the reference renders it (rest/viewmodel/blockViewModel.js), keys in its order:
 * hashes with `0x`, gas used -1 (files older than the field) as null, and the HAPI version
 * whole or not at all.
 */
export function renderBlock(row: BlockRecordRow): Record<string, unknown> {
  const { hapi_version_major: major, hapi_version_minor: minor, hapi_version_patch: patch } = row;
  return {
    count: int64(row.count),
    hapi_version: major === null || minor === null || patch === null ? null : `${major}.${minor}.${patch}`,
    hash: `0x${row.hash}`,
    name: row.name,
    number: int64(row.index),
    previous_hash: `0x${row.prev_hash ?? ''}`,
    size: int64(row.size),
    timestamp: { from: formatTimestamp(row.consensus_start), to: formatTimestamp(row.consensus_end) },
    gas_used: row.gas_used === null || row.gas_used === -1n ? null : int64(row.gas_used),
    logs_bloom: row.logs_bloom === null ? null : `0x${row.logs_bloom.toString('hex').padStart(BLOOM_HEX_DIGITS, '0')}`,
  };
}
