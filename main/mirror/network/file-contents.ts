import { sqlInt } from '../format/entity-id.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import type { NetworkTimestampRange } from './network-timestamp.ts';

/** How many earlier versions are tried when a file's newest contents do not parse (config.query.maxFileAttempts). */
const MAX_FILE_ATTEMPTS = 10;

/**
 * The newest version of a system file within the range: its last create/update (types 17,
 * 19) and every append (16) after it, concatenated in consensus order. Parameters: file,
 * lower, upper (twice).
 */
const LATEST_CONTENTS_SQL = `SELECT consensus_timestamp, file_data FROM file_data
WHERE entity_id = :file AND transaction_type IN (16, 17, 19) AND consensus_timestamp <= :upper
  AND consensus_timestamp >= (SELECT max(consensus_timestamp) FROM file_data
    WHERE entity_id = :file AND transaction_type IN (17, 19) AND consensus_timestamp >= :lower AND consensus_timestamp <= :upper)
ORDER BY consensus_timestamp`;

export interface FileVersion<T> {
  value: T;
  /** The newest timestamp among the version's parts. */
  timestamp: bigint;
}

/**
 * Reads and decodes a system file (exchange rates 0.0.112, fee schedule 0.0.111) as it was
 * in the range. When the newest version does not decode (a partial upload), the one before
 * it is tried, as the reference's fallbackRetry does. Null: nothing usable.
 */
export function readSystemFile<T>(statements: StatementCache, file: bigint, range: NetworkTimestampRange, decode: (bytes: Buffer) => T): FileVersion<T> | null {
  let upper = range.upper;
  for (let attempt = 0; attempt < MAX_FILE_ATTEMPTS; attempt++) {
    const parts = statements.get(LATEST_CONTENTS_SQL).all({ file: sqlInt(file), lower: sqlInt(range.lower), upper: sqlInt(upper) }) as Array<{ consensus_timestamp: bigint; file_data: Buffer | null }>;
    if (parts.length === 0) return null;
    try {
      const bytes = Buffer.concat(parts.map((p) => p.file_data ?? Buffer.alloc(0)));
      return { value: decode(bytes), timestamp: parts.at(-1)!.consensus_timestamp };
    } catch {
      upper = parts[0]!.consensus_timestamp - 1n;
      if (upper < range.lower) return null;
    }
  }
  return null;
}
